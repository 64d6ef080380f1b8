/**
 * Issue 28, findings 6 and 7: a body built to hurt. A lone UTF-16 surrogate in any text of any
 * route is a 400 naming the field (My Account's names were a 500 from the audit JSON insert); a
 * megabyte of unknown keys to sign-in is answered in a few hundred bytes, and no 400 lists more
 * than its first problems.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTED_PROBLEMS, MAX_MESSAGE_CHARS } from '../../src/server/plugins/validation';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';

/** JSON.stringify writes a lone surrogate as the escape \ud800, which JSON.parse turns back into one. */
const LONE = '\ud800';

describe.each(databaseKinds)('hostile input on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  let customer: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
    customer = await t.tokenFor('demo.customer');
  }, 120_000);
  afterAll(() => t.close());

  it('refuses a lone surrogate in My Account’s name with a 400 naming the field, and writes nothing', async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/users/me/account', headers: bearer(customer) })
    ).json();
    for (const field of ['FirstName', 'LastName'] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/updateaccount',
        headers: bearer(customer),
        payload: {
          FirstName: before.FirstName,
          LastName: before.LastName,
          Email: before.Email,
          Phone: before.Phone,
          NotificationPreferences: before.NotificationPreferences,
          [field]: `Ca${LONE}sey`,
        },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_UNICODE' });
      expect(res.json().message).toMatch(new RegExp(`${field} contains invalid Unicode`));
    }
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/users/me/account', headers: bearer(customer) })
    ).json();
    expect(after).toEqual(before);
  });

  it('refuses a lone surrogate in a text or a key on every route that takes a body, naming it', async () => {
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody)
        // Gate events take a gate API key alone: staff's bearer is refused (403) before any body is read.
        .filter(() => path !== '/api/gateevents')
        .map(([method]) => ({
          method: method.toUpperCase() as 'POST',
          url: path.replace(/\{[^}]+\}/g, '1'),
        })),
    );
    expect(operations.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const { method, url } of operations) {
      for (const [payload, field] of [
        [{ Probe: { Inner: [`x${LONE}`] } }, 'Probe.Inner[0]'],
        [{ [`Key${LONE}`]: 'x' }, 'Key\uFFFD'],
      ] as const) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...bearer(staff), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        const body = res.json() as { code?: string; message?: string };
        if (res.statusCode !== 400 || body.code !== 'INVALID_UNICODE' || !body.message?.includes(field))
          wrong.push(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('keeps well-formed text outside the basic plane (a surrogate pair) as it is', async () => {
    const account = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/users/me/account', headers: bearer(customer) })).json();
    const before = await account();
    const put = (FirstName: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/updateaccount',
        headers: bearer(customer),
        payload: {
          FirstName,
          LastName: before.LastName,
          Email: before.Email,
          Phone: before.Phone,
          NotificationPreferences: before.NotificationPreferences,
        },
      });
    const res = await put('Casey 🚚');
    expect(res.statusCode, res.body).toBe(200);
    expect((await account()).FirstName).toBe('Casey 🚚');
    expect((await put(before.FirstName)).statusCode).toBe(200);
  });

  it('answers a megabyte of unknown keys to sign-in in a few hundred bytes', async () => {
    const body: Record<string, number> = {};
    for (let i = 0; i < 90_000; i++) body[`k${i.toString(36)}`] = 1;
    const payload = JSON.stringify(body);
    // Just under BODY_LIMIT_BYTES (1 MB): the largest body the server reads.
    expect(payload.length).toBeGreaterThan(850_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(1_000);
    expect(res.json().message).toMatch(/^Invalid request body: /);
  });

  it('lists a signed-in caller’s first problems only, in a bounded message', async () => {
    const body: Record<string, string> = {};
    for (let i = 0; i < 50_000; i++) body[`Unknown${i}`] = 'x';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/search',
      headers: bearer(customer),
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    const message = res.json().message as string;
    expect(message.length).toBeLessThanOrEqual(MAX_MESSAGE_CHARS);
    expect(message.match(/is not a field of this request/g)).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(message).toMatch(/and \d+ more problem\(s\)\.$/);
    expect(message).toMatch(/: Unknown0 is not a field of this request: leave it out; /);
  });

  it('quotes a field name of half a megabyte cut short', async () => {
    const name = 'N'.repeat(500_000);
    const signIn = { UserId: 'demo.customer', Password: 'x', ApplicationCode: 'BRR' };
    for (const [url, auth, valid] of [
      ['/api/auth/login', {}, signIn],
      ['/api/dashboard/search', bearer(customer), {}],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...valid, [name]: 1 }),
      });
      expect(res.statusCode).toBe(400);
      expect(res.body.length).toBeLessThan(1_000);
      expect(res.json().message).toMatch(/N{80}…/);
    }
  });
});
