// @vitest-environment jsdom
/** SPEC §8: a failed sign-in against the real server broadcasts a login-error event and stays signed out. */
import { expect, it } from 'vitest';
import { sendSignIn, signInBody } from '../../src/app/session/sign-in-request';
import { LOGIN_ERROR_EVENT } from '../../src/app/stores/SessionStore';
import type { LoginFailure } from '../../src/domain/messages';
import { withRealApp } from './support/dashboard-app';
import { buildRootStore } from './support/fixtures';

// withRealApp: the signed-in root's background calls end before the server stops.
const real = withRealApp();

it('broadcasts the failure of a wrong password and stays signed out; a right one broadcasts nothing', async () => {
  const root = real.adopt(buildRootStore({ apiBaseUrl: `${real.server.url}/api` }));
  const heard: LoginFailure[] = [];
  const listen = (e: Event) => heard.push((e as CustomEvent<LoginFailure>).detail);
  window.addEventListener(LOGIN_ERROR_EVENT, listen);
  try {
    const failure = await root.session.login('demo.customer', 'Wrong!Password1', false);
    expect(failure).toEqual({ kind: 'invalid' });
    expect(heard).toEqual([{ kind: 'invalid' }]);
    expect(root.session.isSignedIn).toBe(false);

    expect(await root.session.login('demo.customer', 'Demo!2345', false)).toBeNull();
    expect(root.session.isSignedIn).toBe(true);
    expect(heard).toHaveLength(1);
  } finally {
    window.removeEventListener(LOGIN_ERROR_EVENT, listen);
  }
}, 60_000);

it('reads a sign-in sent before the store existed as its own: the failure broadcast, the token stored', async () => {
  const apiBaseUrl = `${real.server.url}/api`;
  const root = real.adopt(buildRootStore({ apiBaseUrl }));
  const heard: LoginFailure[] = [];
  const listen = (e: Event) => heard.push((e as CustomEvent<LoginFailure>).detail);
  window.addEventListener(LOGIN_ERROR_EVENT, listen);
  try {
    const early = (password: string) => sendSignIn(apiBaseUrl, signInBody('demo.customer', password, 'BRR'));
    expect(
      await root.session.login('demo.customer', 'Wrong!Password1', false, early('Wrong!Password1')),
    ).toEqual({
      kind: 'invalid',
    });
    expect(heard).toEqual([{ kind: 'invalid' }]);
    expect(root.session.isSignedIn).toBe(false);

    expect(await root.session.login('demo.customer', 'Demo!2345', true, early('Demo!2345'))).toBeNull();
    expect(root.session.isSignedIn).toBe(true);
    expect(root.session.claims?.sub).toBe('demo.customer');
    expect(root.session.rememberedUsername).toBe('demo.customer');
    expect(heard).toHaveLength(1);
  } finally {
    window.removeEventListener(LOGIN_ERROR_EVENT, listen);
  }
}, 60_000);
