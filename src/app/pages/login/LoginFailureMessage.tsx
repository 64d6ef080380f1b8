import type { ReactNode } from 'react';
import { type LoginFailure, lockoutPageText } from '../../../domain/messages';
import { hrefOf, RECOVER_PASSWORD_PATH } from '../../paths';

/** The user-facing text of an invalid-credentials failure (SPEC §8, first row). */
export const INVALID_LOGIN_MESSAGE = 'Invalid username or password.';

/** SPEC §8: invalid attempt, locked account, or any other text shown plain. */
export function LoginFailureMessage({ failure }: { failure: LoginFailure }) {
  return (
    <PlainAlert status="error" role="alert">
      <FailureText failure={failure} />
    </PlainAlert>
  );
}

/**
 * An alert box of the sign-in page (plain.css), with the icon Chakra's alert shows: a circled "!"
 * for an error, a circled "i" for information. The icon is decoration; the role speaks.
 */
export function PlainAlert({
  status,
  role,
  children,
}: {
  status: 'error' | 'info';
  role: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <div className={`plain-alert plain-alert-${status}`} role={role}>
      <svg className="plain-alert-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        {status === 'error' ? (
          <path d="M12 7v6M12 16.5v.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M12 11v6M12 7.5v.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      <div>{children}</div>
    </div>
  );
}

function FailureText({ failure }: { failure: LoginFailure }) {
  if (failure.kind === 'invalid') {
    return (
      <>
        {INVALID_LOGIN_MESSAGE}{' '}
        <a className="plain-link" href={hrefOf(RECOVER_PASSWORD_PATH)}>
          Forgot Password?
        </a>
      </>
    );
  }
  if (failure.kind === 'locked') {
    const text = lockoutPageText(failure.minutes);
    return (
      <>
        {text.before}{' '}
        <a className="plain-link" href={hrefOf(RECOVER_PASSWORD_PATH)}>
          Reset Password
        </a>{' '}
        {text.after}
      </>
    );
  }
  return <>{failure.text}</>;
}
