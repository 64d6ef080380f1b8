/**
 * Issue 27: staff with the Security application's rights deactivate, reactivate and force a
 * password reset of a user, audited; a deactivated user's very next call of any kind answers 401
 * NOT_ACTIVE (the client's cue for the account-validation page). Also the draft key: one per user.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_NOT_ACTIVE_CODE, ACCOUNT_NOT_ACTIVE_TEXT } from '../../src/domain/messages';
import { databaseKinds } from '../helpers/database';
import { bearer, DEMO_PASSWORD, decodeClaims, startTestApp, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('user administration on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const idOf = async (userName: string) =>
    (
      await t.handle.db
        .selectFrom('users')
        .select('user_id')
        .where('user_name', '=', userName)
        .executeTakeFirstOrThrow()
    ).user_id;
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const login = (user: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { UserId: user, Password: DEMO_PASSWORD, ApplicationCode: 'BRR' },
    });
  const auditOf = (userId: number) =>
    t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'changed_by', 'details'])
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', String(userId))
      .where('action', 'in', ['deactivated', 'reactivated', 'password-reset-forced'])
      .orderBy('audit_id')
      .execute();

  beforeAll(async () => {
    t = await startTestApp(kind);
    staff = await t.tokenFor('demo.staff');
  });
  afterAll(() => t.close());

  it('deactivates a user, whose next call of any kind is refused as not active; reactivating lets them back', async () => {
    const customer = await t.tokenFor('demo.customer');
    const id = await idOf('demo.customer');
    const off = await call('PUT', `/api/users/${id}/active`, staff, { Active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ UserId: id, Active: false });

    for (const [method, url] of [
      ['GET', '/api/auth/refresh?t=1'],
      ['GET', `/api/auth/status?userId=${id}`],
      ['GET', '/api/lookup/locations'],
    ] as const) {
      const res = await call(method, url, customer);
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ code: ACCOUNT_NOT_ACTIVE_CODE, message: ACCOUNT_NOT_ACTIVE_TEXT });
    }
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/search',
      headers: bearer(customer),
      payload: {},
    });
    expect(search.json().code).toBe(ACCOUNT_NOT_ACTIVE_CODE);
    expect((await login('demo.customer')).json().code).toBe(ACCOUNT_NOT_ACTIVE_CODE);

    const on = await call('PUT', `/api/users/${id}/active`, staff, { Active: true });
    expect(on.json()).toMatchObject({ Active: true });
    // Each instance's auth cache hears the change through LISTEN/NOTIFY (docs/decisions.md, issue 18:
    // a reactivation has been seen to take a few seconds to be heard on PostgreSQL).
    await expect
      .poll(async () => (await call('GET', '/api/lookup/locations', customer)).statusCode, {
        timeout: 10_000,
      })
      .toBe(200);

    const staffId = await idOf('demo.staff');
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.changed_by])).toEqual([
      ['deactivated', staffId],
      ['reactivated', staffId],
    ]);
  });

  it('forces a password reset: sessions end, and the next sign-in must choose a new password', async () => {
    const ssl = await t.tokenFor('demo.ssl');
    const id = await idOf('demo.ssl');
    const res = await call('POST', `/api/users/${id}/forcepasswordreset`, staff);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/lookup/locations', ssl)).statusCode).toBe(401);
    const again = await login('demo.ssl');
    expect(again.statusCode, again.body).toBe(200);
    expect(decodeClaims(again.json().token).ResetPassword).toBe(true);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['password-reset-forced']);
  });

  it('answers what cannot be done: not staff, own account, directory user, unknown user', async () => {
    const customer = await t.tokenFor('demo.customer');
    const readOnly = await t.tokenFor('demo.readonly');
    const sslId = await idOf('demo.ssl');
    expect((await call('PUT', `/api/users/${sslId}/active`, customer, { Active: false })).statusCode).toBe(
      403,
    );
    expect((await call('PUT', `/api/users/${sslId}/active`, readOnly, { Active: false })).statusCode).toBe(
      403,
    );
    const own = await call('PUT', `/api/users/${await idOf('demo.staff')}/active`, staff, { Active: false });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toMatch(/your own account/);
    const directory = await call(
      'POST',
      `/api/users/${await idOf('demo.readonly')}/forcepasswordreset`,
      staff,
    );
    expect(directory.statusCode).toBe(400);
    expect(directory.json().message).toMatch(/directory/);
    expect((await call('PUT', '/api/users/999999/active', staff, { Active: false })).statusCode).toBe(404);
    expect((await call('PUT', `/api/users/${sslId}/active`, staff, { Active: 'no' })).statusCode).toBe(400);
  });

  it('gives each user their own draft key, the same on every sign-in', async () => {
    const a1 = (await call('GET', '/api/users/me/draftkey', await t.tokenFor('demo.customer'))).json();
    const a2 = (await call('GET', '/api/users/me/draftkey', await t.tokenFor('demo.customer'))).json();
    const b = (await call('GET', '/api/users/me/draftkey', await t.tokenFor('demo.readonly'))).json();
    expect(a1).toEqual(a2);
    expect(Buffer.from(a1.Key, 'base64')).toHaveLength(32);
    expect(b.Key).not.toBe(a1.Key);
    expect(b.KeyId).not.toBe(a1.KeyId);
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/draftkey' })).statusCode).toBe(401);
  });
});
