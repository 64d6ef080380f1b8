import { Box } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useStores } from '../stores/StoresContext';
import { Header } from './Header';
import { PageSpinner } from './PlainFrame';
import { SignedOutHeader } from './SignedOutHeader';

/**
 * Outside the authenticated layout: sign-up, recover, reset, account validation, 404 (the sign-in
 * page has its own plain frame, PlainLayout).
 */
export const PublicLayout = observer(function PublicLayout() {
  const { session } = useStores();
  return (
    <Box minH="100vh">
      {session.isSignedIn ? <Header /> : <SignedOutHeader />}
      <PageOutlet />
    </Box>
  );
});

/** The page of the current route, loaded on demand (SPEC §2), with a spinner while it loads. */
export function PageOutlet() {
  return (
    <Box as="main">
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
