import { Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useState } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { HOME_PATH, LOGIN_PATH, safeReturnUrl } from '../../paths';
import type { PageProps } from '../../routes';
import { useStores } from '../../stores/StoresContext';
import { FormOutcome, TextField } from './FormParts';
import { RecoverFormStore } from './RecoverFormStore';

/** SPEC §2 /support/recoverpassword: mails a reset link (the answer never tells whether the account exists). */
const RecoverPasswordPage = observer(function RecoverPasswordPage({ title }: PageProps) {
  const root = useStores();
  const [params] = useSearchParams();
  const [form] = useState(() => new RecoverFormStore(root.api, safeReturnUrl(params.get('returnUrl'))));
  if (root.session.isSignedIn) return <Navigate to={HOME_PATH} replace />;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void form.submit();
  };
  return (
    <Box maxW="md" mx="auto" px={4} py={8}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {form.success ? (
          <FormOutcome error={null} success={form.success} />
        ) : (
          <form onSubmit={onSubmit} noValidate aria-label={title}>
            <Stack gap={4}>
              <Text>
                Enter your user name or email address and we will send you a link to reset your password.
              </Text>
              <FormOutcome error={form.serverError} />
              <TextField
                form={form}
                name="UserNameOrEmail"
                label="User name or email"
                autoComplete="username"
              />
              <Button
                type="submit"
                colorPalette="blue"
                loading={form.submitting}
                loadingText="Send Reset Link"
              >
                Send Reset Link
              </Button>
            </Stack>
          </form>
        )}
        <HStack>
          <Link asChild>
            <RouterLink to={LOGIN_PATH}>Back to Sign In</RouterLink>
          </Link>
        </HStack>
      </Stack>
    </Box>
  );
});
export default RecoverPasswordPage;
