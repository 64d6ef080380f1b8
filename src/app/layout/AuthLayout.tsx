import { Box, Center, Spinner } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { LOGIN_PATH } from '../routes';
import { useStores } from '../stores/StoresContext';
import { Header } from './Header';
import { MenuDrawer } from './MenuDrawer';

/** The authenticated layout of SPEC §2; route guards have run before it renders a page. */
export const AuthLayout = observer(function AuthLayout() {
  const { session } = useStores();
  // SPEC §4: once signed out (explicitly or by another tab) the user moves to /login.
  if (!session.isSignedIn) return <Navigate to={LOGIN_PATH} replace />;
  return (
    <Box minH="100vh">
      <Header />
      <MenuDrawer />
      <PageOutlet />
    </Box>
  );
});

/** Outside the authenticated layout: login, sign-up, recover, reset, account validation, 404. */
export function PublicLayout() {
  return (
    <Box minH="100vh">
      <Header />
      <PageOutlet />
    </Box>
  );
}

/** The page of the current route, loaded on demand (SPEC §2), with a spinner while it loads. */
function PageOutlet() {
  return (
    <Box as="main">
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}

export function PageSpinner() {
  return (
    <Center py={16}>
      <Spinner role="status" aria-label="Loading" />
    </Center>
  );
}
