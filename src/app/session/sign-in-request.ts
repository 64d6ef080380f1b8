import type { LoginBody } from '../../schemas/auth';

/** SPEC §3, §7: the sign-in call — the user's id, password and this portal's application code. */
export const SIGN_IN_PATH = '/auth/login';

export const signInBody = (userName: string, password: string, applicationCode: string): LoginBody => ({
  UserId: userName,
  Password: password,
  ApplicationCode: applicationCode,
});

/**
 * Issue 30 §3: the sign-in sent by the page drawn before the app (sign-in-first.tsx), at the click,
 * without the API client it is still loading. Like every login call it is anonymous (SPEC §7); the
 * client reads the answer when it arrives (`answeredBy`, api/client.ts).
 */
export function sendSignIn(apiBaseUrl: string, body: LoginBody): Promise<Response> {
  return fetch(`${apiBaseUrl}${SIGN_IN_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
