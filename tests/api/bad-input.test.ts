/** Every bad input gets a 4xx with a message the user can act on, and writes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';

describe.each(databaseKinds)('bad input on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { BODY_LIMIT_BYTES: '65536' });
    token = await t.tokenFor('demo.customer');
  });
  afterAll(() => t.close());

  const login = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload,
      headers: { 'content-type': contentType },
    });

  it.each([
    ['malformed JSON', '{"UserId": "demo.customer",', /not valid JSON/],
    ['an empty body', '', /empty/],
    ['a missing field', JSON.stringify({ UserId: 'a', Password: 'b' }), /ApplicationCode is required/],
    [
      'a wrong type',
      JSON.stringify({ UserId: 7, Password: 'b', ApplicationCode: 'BRR' }),
      /UserId must be of type string/,
    ],
    [
      'an unknown field',
      JSON.stringify({ UserId: 'a', Password: 'b', ApplicationCode: 'BRR', Role: 'admin' }),
      /Unknown field 'Role'/,
    ],
    [
      'an oversize field',
      JSON.stringify({ UserId: 'a'.repeat(101), Password: 'b', ApplicationCode: 'BRR' }),
      /UserId must be at most 100 characters/,
    ],
    ['an array instead of an object', '[]', /must be of type object/],
  ])('login with %s is a 400 that says what is wrong', async (_case, body, message) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
    expect(res.json().message).toBe(res.json().error);
  });

  it('refuses a body over the size limit with a 400', async () => {
    const res = await login(
      JSON.stringify({ UserId: 'a', Password: 'x'.repeat(70_000), ApplicationCode: 'BRR' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/too large/);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await login('UserId=a', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/as JSON/);
  });

  it('refuses bad chassis lists', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/lookup/equipment', payload, headers: bearer(token) });
    expect((await post({ ChassisIds: [] })).json().error).toMatch(/at least 1 item/);
    expect(
      (
        await post({
          ChassisIds: Array.from({ length: 1001 }, (_, i) => `PLCZ${String(i).padStart(6, '0')}`),
        })
      ).json().error,
    ).toMatch(/at most 1000 items/);
    expect((await post({ ChassisIds: [12] })).json().error).toMatch(/ChassisIds\[0\] must be of type string/);
    expect((await post({ ChassisIds: ['PLCZ000001'], Extra: 1 })).statusCode).toBe(400);
  });

  it('refuses unknown datasets, query fields and bad ids', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const unknown = await get('/api/lookup/notADataset');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/dataset must be one of/);
    expect((await get('/api/lookup/locations?bogus=1')).json().error).toMatch(/Unknown field 'bogus'/);
    expect((await get('/api/lookup/customers?customerClass=not%20a%20class')).statusCode).toBe(400);
    expect((await get('/api/users/abc')).json().error).toMatch(/id must be a whole number/);
    expect((await get('/api/users/0')).statusCode).toBe(400);
    expect((await get('/api/users/99999999999')).statusCode).toBe(400);
    expect((await get('/api/auth/status')).json().error).toMatch(/userId is required/);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/There is no GET \/api\/nothing\/here/);
  });

  it('leaves no trace of a refused login', async () => {
    const before = await t.handle.db
      .selectFrom('users')
      .select(['user_name', 'failed_attempts'])
      .orderBy('user_id')
      .execute();
    await login(
      JSON.stringify({ UserId: 'demo.customer', Password: 'x', ApplicationCode: 'BRR', Extra: true }),
    );
    const after = await t.handle.db
      .selectFrom('users')
      .select(['user_name', 'failed_attempts'])
      .orderBy('user_id')
      .execute();
    expect(after).toEqual(before);
  });
});
