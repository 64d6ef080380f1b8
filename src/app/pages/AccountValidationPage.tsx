import { Box, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { ACCOUNT_VALIDATION_TEXT } from '../../domain/messages';
import { externalLinkProps } from '../components/external-link';
import { HOME_PATH, LOGIN_PATH } from '../paths';
import { useStores } from '../stores/StoresContext';

/** SPEC §2 / §8: shown to an account not in good standing, and after a NotActive status. */
const AccountValidationPage = observer(function AccountValidationPage() {
  const root = useStores();
  const navigate = useNavigate();
  const { session } = root;
  useEffect(() => {
    if (session.isSignedIn) void session.loadDetails();
  }, [session, session.isSignedIn]);
  // Issue 14: a signed-in account in good standing has nothing to validate; it goes home instead of
  // being told it is not in good standing. (Signed out — after a NotActive sign-out — the page shows.)
  if (session.isSignedIn && session.details?.GoodStanding === true)
    return <Navigate to={HOME_PATH} replace />;
  const backToLogin = async () => {
    // The login page would send a signed-in user straight back in, so leaving here signs out.
    await root.signOut();
    navigate(LOGIN_PATH);
  };
  return (
    <Box maxW="xl" mx="auto" px={4} py={10}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          Account Validation
        </Heading>
        <Text>{ACCOUNT_VALIDATION_TEXT}</Text>
        <Text>
          <Link {...externalLinkProps(root.config.config.customerServiceUrl)}>Contact Customer Service</Link>
        </Text>
        <Box>
          <Button onClick={backToLogin}>Back to Login</Button>
        </Box>
      </Stack>
    </Box>
  );
});
export default AccountValidationPage;
