import { Box } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { Navigate } from 'react-router-dom';
import { LOGIN_PATH } from '../routes';
import { useStores } from '../stores/StoresContext';
import { Header } from './Header';
import { MenuDrawer } from './MenuDrawer';
import { PageOutlet } from './PublicLayout';

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
