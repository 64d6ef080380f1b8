import { Box, Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_VALIDATION_TEXT } from '../../domain/messages';
import { externalLinkProps } from '../components/external-link';
import { LOGIN_PATH } from '../routes';
import { useStores } from '../stores/StoresContext';

/** SPEC §2 / §8: shown to an account not in good standing, and after a NotActive status. */
const AccountValidationPage = observer(function AccountValidationPage() {
  const root = useStores();
  const navigate = useNavigate();
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
