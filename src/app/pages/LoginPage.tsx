import { Alert, Box, Heading, HStack, Link, Stack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { INACTIVITY_BANNER } from '../../domain/messages';
import { safeReturnUrl } from '../router/guard';
import { HOME_PATH, RECOVER_PASSWORD_PATH, SIGN_UP_PATH } from '../routes';
import { useStores } from '../stores/StoresContext';
import { LoginFailureMessage } from './login/LoginFailureMessage';
import { LoginFooter } from './login/LoginFooter';
import { LoginForm } from './login/LoginForm';
import { LoginFormStore } from './login/LoginFormStore';

/** SPEC §2 Login screen. */
const LoginPage = observer(function LoginPage() {
  const root = useStores();
  const [form] = useState(() => new LoginFormStore(root.session, root.storage));
  const [params] = useSearchParams();
  const returnUrl = safeReturnUrl(params.get('returnUrl'));

  useEffect(() => {
    form.open();
    return () => form.close();
  }, [form]);

  // SPEC §2: a valid token (already stored, or just received) sends the user on: to where they were
  // going, else to the home route (the root redirects there too).
  if (root.session.isSignedIn) return <Navigate to={returnUrl ?? HOME_PATH} replace />;

  return (
    <Box maxW="md" mx="auto" px={4} py={8}>
      <Stack gap={5}>
        {form.showInactivityBanner && (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Description>{INACTIVITY_BANNER}</Alert.Description>
          </Alert.Root>
        )}
        <Heading as="h1" size="xl">
          Sign In
        </Heading>
        {form.failure && <LoginFailureMessage failure={form.failure} />}
        <LoginForm form={form} />
        <HStack justify="space-between" wrap="wrap">
          <Link asChild>
            <RouterLink to={SIGN_UP_PATH}>Register as a New User</RouterLink>
          </Link>
          <Link asChild>
            <RouterLink to={RECOVER_PASSWORD_PATH}>Forgot Password?</RouterLink>
          </Link>
        </HStack>
        <LoginFooter />
      </Stack>
    </Box>
  );
});
export default LoginPage;
