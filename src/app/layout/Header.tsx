import { Box, HStack, IconButton, Link } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { Link as RouterLink } from 'react-router-dom';
import { SMALL_WIDTH_BREAKPOINT_PX } from '../../domain/constants';
import { HOME_PATH } from '../paths';
import { useStores } from '../stores/StoresContext';
import { AccountMenu } from './AccountMenu';
import { BookingsMenu } from './BookingsMenu';
import { HeaderFrame, SignedOutNav } from './SignedOutHeader';

/**
 * Below the small-width breakpoint (SPEC §9: 920 px) the header keeps only the menu button and the
 * account menu; Dashboard and Bookings are in the slide-out menu, one tap away.
 */
const wideOnly = { [`@media (max-width: ${SMALL_WIDTH_BREAKPOINT_PX - 0.02}px)`]: { display: 'none' } };

/** SPEC §2 header: signed in, Dashboard + Bookings + account menu; signed out, Sign In + Sign Up. */
export const Header = observer(function Header() {
  const { session, layout } = useStores();
  const signedIn = session.isSignedIn;
  return (
    <HeaderFrame
      start={
        signedIn && (
          <IconButton
            aria-label="Open menu"
            variant="ghost"
            size="sm"
            onClick={() => layout.setMenuOpen(true)}
          >
            <MenuIcon />
          </IconButton>
        )
      }
      end={
        signedIn ? (
          <HStack as="nav" aria-label="Header" gap={1} wrap="wrap">
            <Link asChild px={2} css={wideOnly}>
              <RouterLink to={HOME_PATH}>Dashboard</RouterLink>
            </Link>
            <Box css={wideOnly}>
              <BookingsMenu />
            </Box>
            <AccountMenu />
          </HStack>
        ) : (
          <SignedOutNav />
        )
      }
    />
  );
});

function MenuIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
