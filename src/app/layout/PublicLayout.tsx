import { Box } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useStores } from '../stores/StoresContext';
import { PageSpinner } from './PlainLayout';
import { SignedOutHeader } from './SignedOutHeader';

// The signed-in header's menus load with the signed-in pages, not with the sign-in page (issue 15).
const Header = lazy(() => import('./Header').then((m) => ({ default: m.Header })));

/**
 * Outside the authenticated layout: sign-up, recover, reset, account validation, 404 (the sign-in
 * page has its own plain frame, PlainLayout).
 */
export const PublicLayout = observer(function PublicLayout() {
  const { session } = useStores();
  return (
    <Box minH="100vh">
      {session.isSignedIn ? (
        <Suspense fallback={<SignedOutHeader />}>
          <Header />
        </Suspense>
      ) : (
        <SignedOutHeader />
      )}
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
