import { Badge, Box, Button, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type ReactNode, useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BOOKING_ENTRY_ON_HOLD, BOOKINGS_ON_HOLD_TEXT } from '../../domain/messages';
import { externalLinkProps } from '../components/external-link';
import { useStores } from '../stores/StoresContext';
import { buildMenu, type MenuLink, type MenuSection } from './menu-model';

/** The slide-out menu's content (SPEC §2), a navigation landmark named "Main menu". */
export const MainMenuNav = observer(function MainMenuNav({ onNavigate }: { onNavigate?: () => void }) {
  const root = useStores();
  const { session } = root;
  const { config } = root.config;
  const menu = buildMenu({
    ...config,
    permissions: session.permissions,
    isInternal: session.isInternal,
    fullName: session.fullName,
    goodStanding: session.details?.GoodStanding,
  });
  return (
    <Box as="nav" aria-label="Main menu">
      <Stack gap={4}>
        {menu.bookingsOnHold && (
          <Text id={ON_HOLD_NOTE_ID} fontSize="sm" bg="orange.subtle" color="fg" p={2} borderRadius="md">
            {BOOKINGS_ON_HOLD_TEXT}
          </Text>
        )}
        {menu.sections.map((section) => (
          <Section
            key={`${section.heading}-${section.links[0]?.label}`}
            section={section}
            onNavigate={onNavigate}
          />
        ))}
        {menu.applications && (
          <Section
            section={{
              heading: 'Applications',
              links: [
                ...(menu.applications.security
                  ? [{ label: 'Security', href: menu.applications.security }]
                  : []),
                { label: 'EBM', href: menu.applications.ebm },
              ],
            }}
          >
            <Text fontSize="sm" color="fg.muted">
              {menu.applications.fullName}
            </Text>
          </Section>
        )}
        <Separator />
        <Box>
          <Button variant="outline" size="sm" onClick={() => void root.signOut()}>
            Sign Out
          </Button>
        </Box>
        <Stack gap={1} fontSize="sm">
          <Link {...externalLinkProps(config.privacyUrl)}>Privacy Notice</Link>
          <Link {...externalLinkProps(config.termsUrl)}>Terms of Use</Link>
          <Link {...externalLinkProps(config.doNotSellUrl)}>Do Not Sell My Personal Information</Link>
        </Stack>
      </Stack>
    </Box>
  );
});

/** The one note the marked entries point to (aria-describedby). */
const ON_HOLD_NOTE_ID = 'menu-bookings-on-hold';

function Section({
  section,
  onNavigate,
  children,
}: {
  section: MenuSection;
  onNavigate?: () => void;
  children?: ReactNode;
}) {
  const headingId = useId();
  const list = (
    <Stack as="ul" gap={1} listStyleType="none" ps={section.heading ? 3 : 0}>
      {section.links.map((link) => (
        <li key={link.label}>
          <EntryLink link={link} onNavigate={onNavigate} />
        </li>
      ))}
    </Stack>
  );
  if (!section.heading) return list;
  return (
    <Box role="group" aria-labelledby={headingId}>
      <Text id={headingId} as="h2" fontWeight="semibold" mb={1}>
        {section.heading}
      </Text>
      {list}
      {children}
    </Box>
  );
}

function EntryLink({ link, onNavigate }: { link: MenuLink; onNavigate?: () => void }) {
  const { flows } = useStores();
  if (link.href) {
    return <Link {...externalLinkProps(link.href)}>{link.label}</Link>;
  }
  const choose = () => {
    if (link.flowId) flows.reset(link.flowId); // SPEC §2: choosing a booking entry resets that flow
    onNavigate?.();
  };
  return (
    <Link asChild>
      <RouterLink
        to={link.path ?? '/'}
        onClick={choose}
        aria-describedby={link.onHold ? ON_HOLD_NOTE_ID : undefined}
      >
        {link.label}
        {/* The space keeps the link's name "Pool Unavailable", not "PoolUnavailable". */}
        {link.onHold && ' '}
        {link.onHold && (
          <Badge ms={1} colorPalette="orange" variant="outline">
            {BOOKING_ENTRY_ON_HOLD}
          </Badge>
        )}
      </RouterLink>
    </Link>
  );
}
