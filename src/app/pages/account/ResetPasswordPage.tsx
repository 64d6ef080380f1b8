import { Alert, Box, Button, Heading, HStack, Link, Spinner, Stack } from '@chakra-ui/react';
import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { RESET_REQUIRED_TEXT } from '../../../schemas/account';
import { HOME_PATH, LOGIN_PATH, RECOVER_PASSWORD_PATH, safeReturnUrl } from '../../paths';
import type { PageProps } from '../../routes';
import { useStores } from '../../stores/StoresContext';
import { FormOutcome, NewPasswordFields, TextField } from './FormParts';
import { ResetFormStore } from './ResetFormStore';

/**
 * SPEC §2 /support/resetpassword?token=&returnUrl=: a new password from a mailed link, and the
 * forced reset of a signed-in user whose token says ResetPassword (the route guard sends such a
 * user nowhere else, SPEC §4).
 */
const ResetPasswordPage = observer(function ResetPasswordPage({ title }: PageProps) {
  const root = useStores();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const returnUrl = safeReturnUrl(params.get('returnUrl'));
  const [form] = useState(() => new ResetFormStore(root.api, root.session, token));
  useEffect(() => {
    void form.validateLink();
  }, [form]);

  if (form.mode === 'signedIn' && !root.session.isSignedIn) {
    // Without a link, only a signed-in user can reset: sign in first, then come back here.
    return (
      <Navigate to={`${LOGIN_PATH}?returnUrl=${encodeURIComponent('/support/resetpassword')}`} replace />
    );
  }
  const forced = form.mode === 'signedIn' && root.session.pendingReset;
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if ((await form.submit()) && form.mode === 'signedIn')
      navigate(returnUrl ?? HOME_PATH, { replace: true });
  };

  return (
    <Box maxW="md" mx="auto" px={4} py={8}>
      <Stack gap={5}>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {forced && !form.success && (
          <Alert.Root status="warning" role="status">
            <Alert.Indicator />
            <Alert.Description>{RESET_REQUIRED_TEXT}</Alert.Description>
          </Alert.Root>
        )}
        {form.mode === 'link' && !form.link && !form.linkProblem && (
          <Spinner role="status" aria-label="Checking the link" />
        )}
        {form.linkProblem && (
          <>
            <FormOutcome error={form.linkProblem} />
            <Link asChild>
              <RouterLink to={RECOVER_PASSWORD_PATH}>Forgot Password?</RouterLink>
            </Link>
          </>
        )}
        {form.signInAgain && (
          <>
            <FormOutcome error={null} success={form.success} />
            <Box>
              <Button asChild colorPalette="blue">
                <RouterLink
                  to={returnUrl ? `${LOGIN_PATH}?returnUrl=${encodeURIComponent(returnUrl)}` : LOGIN_PATH}
                >
                  Sign In
                </RouterLink>
              </Button>
            </Box>
          </>
        )}
        {(form.mode === 'signedIn' || form.link?.Valid) && !form.signInAgain && (
          <form onSubmit={onSubmit} noValidate aria-label={title}>
            <Stack gap={4}>
              <FormOutcome error={form.serverError} />
              {form.userName && (
                <HStack>
                  <Box fontWeight="semibold">User name:</Box>
                  <Box>{form.userName}</Box>
                </HStack>
              )}
              {form.mode === 'signedIn' && (
                <TextField
                  form={form}
                  name="CurrentPassword"
                  label="Current password"
                  type="password"
                  autoComplete="current-password"
                />
              )}
              <NewPasswordFields form={form} />
              <Button
                type="submit"
                colorPalette="blue"
                loading={form.submitting}
                loadingText="Reset Password"
              >
                Reset Password
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Box>
  );
});
export default ResetPasswordPage;
