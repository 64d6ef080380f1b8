/**
 * The paths the sign-in page and the route table share, apart from the route table itself: the
 * sign-in page is drawn before the app's routes are loaded (issue 30 §3, sign-in-first.tsx).
 */
export const HOME_PATH = '/app/dashboard';
export const LOGIN_PATH = '/login';
export const RESET_PASSWORD_PATH = '/support/resetpassword';
export const RECOVER_PASSWORD_PATH = '/support/recoverpassword';
export const SIGN_UP_PATH = '/support/usersignup';
export const ACCOUNT_VALIDATION_PATH = '/accountValidation';

/** A returnUrl is followed only when it is a route of this app (not a scheme-relative URL). */
export function safeReturnUrl(value: string | null): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith(LOGIN_PATH)) return null;
  return value;
}

/** SPEC §2: a sign-in lands where the user was going, else on the home route. */
export const landingAfterSignIn = (returnUrl: string | null): string => returnUrl ?? HOME_PATH;

/** A link to a route of the hash router, as a plain anchor (no router needed to follow it). */
export const hrefOf = (path: string): string => `#${path}`;
