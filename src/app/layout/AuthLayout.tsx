import { Box } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import { Navigate } from 'react-router-dom';
import { LOGIN_PATH } from '../paths';
import { useStores } from '../stores/StoresContext';
import { Header } from './Header';
import { MenuDrawer } from './MenuDrawer';
import { PageOutlet } from './PublicLayout';

/** The authenticated layout of SPEC §2; each page in it passes the route rules first (RouteRules, GuardedPage). */
export const AuthLayout = observer(function AuthLayout() {
  const { session } = useStores();
  const wasSignedIn = useRef(false);
  if (session.isSignedIn) wasSignedIn.current = true;
  // SPEC §4: once signed out (explicitly or by another tab) the user moves to /login.
  if (!session.isSignedIn && wasSignedIn.current) return <Navigate to={LOGIN_PATH} replace />;
  // A visit that arrives signed out meets the route rules (RouteRules), which send it to login
  // with the way back (returnUrl); no header for nobody meanwhile.
  if (!session.isSignedIn) return <PageOutlet />;
  return (
    <Box minH="100vh">
      <Header />
      <MenuDrawer />
      <PageOutlet />
    </Box>
  );
});
