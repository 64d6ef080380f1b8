import { Alert, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { type LoginFailure, lockoutPageText } from '../../../domain/messages';
import { RECOVER_PASSWORD_PATH } from '../../routes';

/** The user-facing text of an invalid-credentials failure (SPEC §8, first row). */
export const INVALID_LOGIN_MESSAGE = 'Invalid username or password.';

/** SPEC §8: invalid attempt, locked account, or any other text shown plain. */
export function LoginFailureMessage({ failure }: { failure: LoginFailure }) {
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Description>
        <FailureText failure={failure} />
      </Alert.Description>
    </Alert.Root>
  );
}

function FailureText({ failure }: { failure: LoginFailure }) {
  if (failure.kind === 'invalid') {
    return (
      <>
        {INVALID_LOGIN_MESSAGE}{' '}
        <Link asChild fontWeight="semibold">
          <RouterLink to={RECOVER_PASSWORD_PATH}>Forgot Password?</RouterLink>
        </Link>
      </>
    );
  }
  if (failure.kind === 'locked') {
    const text = lockoutPageText(failure.minutes);
    return (
      <>
        {text.before}{' '}
        <Link asChild fontWeight="semibold">
          <RouterLink to={RECOVER_PASSWORD_PATH}>Reset Password</RouterLink>
        </Link>{' '}
        {text.after}
      </>
    );
  }
  return <>{failure.text}</>;
}
