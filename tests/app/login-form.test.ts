import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginFormStore } from '../../src/app/pages/login/LoginFormStore';
import { memoryStorage, StorageKeys } from '../../src/app/storage';
import { NATURAL_EXPIRY_FLAG_CLEAR_MS, REMEMBERED_USERNAME_FILL_MS } from '../../src/domain/constants';
import {
  INVALID_LOGIN_TEXT,
  LOGIN_MISSING_PASSWORD,
  LOGIN_MISSING_USERNAME,
  lockoutServerMessage,
} from '../../src/domain/messages';
import { buildRootStore, buildToken } from './support/fixtures';
import { sendJson, startServer, type TestServer } from './support/http-server';

// A login endpoint answering as the server contract says: a token, or a 401 whose message the page reads.
let server: TestServer;
const bodies: unknown[] = [];
beforeAll(async () => {
  server = await startServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      bodies.push(body);
      const fail = (message: string) => sendJson(res, 401, { statusCode: 401, error: message, message });
      if (body.UserId === 'locked.user') return fail(lockoutServerMessage(15));
      if (body.UserId === 'odd.user') return fail('Your account is disabled.');
      if (body.Password !== 'right') return fail(`${INVALID_LOGIN_TEXT}. Please try again.`);
      sendJson(res, 200, { token: buildToken({ sub: body.UserId }) });
    });
  });
});
afterAll(() => server.close());
afterEach(() => vi.useRealTimers());

function form() {
  const storage = memoryStorage();
  const root = buildRootStore({ apiBaseUrl: `${server.url}/api`, storage });
  return { storage, root, form: new LoginFormStore(root.session, storage) };
}

async function attempt(user: string, password: string, remember = false) {
  const f = form();
  f.form.setUsername(user);
  f.form.setPassword(password);
  f.form.setRemember(remember);
  const ok = await f.form.submit();
  return { ...f, ok };
}

describe('login form (SPEC §2, §5, §8, §9)', () => {
  it('enables Sign In only once username and password are both filled', () => {
    const { form: f } = form();
    expect(f.canSubmit).toBe(false);
    f.setUsername('demo.customer');
    expect(f.canSubmit).toBe(false);
    f.setPassword('x');
    expect(f.canSubmit).toBe(true);
  });

  it('says which field is missing when Enter finds Sign In disabled, until the user types', () => {
    const { form: f } = form();
    f.explainMissing();
    expect(f.missing).toBe(LOGIN_MISSING_USERNAME);
    f.setUsername('demo.customer');
    expect(f.missing).toBeNull();
    f.explainMissing();
    expect(f.missing).toBe(LOGIN_MISSING_PASSWORD);
  });

  it('fills the remembered username REMEMBERED_USERNAME_FILL_MS after opening', () => {
    vi.useFakeTimers();
    const { form: f, storage } = form();
    storage.setItem(StorageKeys.rememberedUsername, 'demo.ssl');
    f.open();
    vi.advanceTimersByTime(REMEMBERED_USERNAME_FILL_MS - 1);
    expect(f.username).toBe('');
    vi.advanceTimersByTime(1);
    expect([f.username, f.remember]).toEqual(['demo.ssl', true]);
    f.close();
  });

  it('shows the inactivity banner for a natural expiry, keeps it on the page, and clears the stored flag after 10 s', () => {
    vi.useFakeTimers();
    const { form: f, storage, root } = form();
    storage.setItem(StorageKeys.naturalExpiry, 'true');
    f.open();
    expect(f.showInactivityBanner).toBe(true);
    vi.advanceTimersByTime(NATURAL_EXPIRY_FLAG_CLEAR_MS);
    // The page that opened with the banner keeps it (issue 14); a login page opened later does not.
    expect(f.showInactivityBanner).toBe(true);
    expect(storage.getItem(StorageKeys.naturalExpiry)).toBeNull();
    f.close();
    const later = new LoginFormStore(root.session, storage);
    later.open();
    expect(later.showInactivityBanner).toBe(false);
    later.close();
  });

  it('signs in with the SPEC §3 payload and remembers the username when asked', async () => {
    const { ok, root, storage } = await attempt('demo.customer', 'right', true);
    expect(ok).toBe(true);
    expect(bodies.at(-1)).toEqual({ UserId: 'demo.customer', Password: 'right', ApplicationCode: 'BRR' });
    expect(root.session.isSignedIn).toBe(true);
    expect(storage.getItem(StorageKeys.token)).toBe(root.session.token);
    expect(storage.getItem(StorageKeys.rememberedUsername)).toBe('demo.customer');
  });

  it.each([
    ['demo.customer', 'wrong', { kind: 'invalid' }],
    ['locked.user', 'x', { kind: 'locked', minutes: '15' }],
    ['odd.user', 'x', { kind: 'other', text: 'Your account is disabled.' }],
  ])('classifies the failure for %s', async (userName, password, failure) => {
    const { ok, form: f, root } = await attempt(userName, password);
    expect(ok).toBe(false);
    expect(f.failure).toEqual(failure);
    expect(f.password).toBe('');
    expect(root.session.isSignedIn).toBe(false);
    // The page shows the failure itself; nothing is broadcast as a toast.
    expect(root.messages.messages).toEqual([]);
  });
});
