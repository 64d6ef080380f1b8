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
      /UserId must be text\./,
    ],
    [
      'an unknown field',
      JSON.stringify({ UserId: 'a', Password: 'b', ApplicationCode: 'BRR', Role: 'admin' }),
      /Role is not a field of this request: leave it out\./,
    ],
    [
      'an oversize field',
      JSON.stringify({ UserId: 'a'.repeat(101), Password: 'b', ApplicationCode: 'BRR' }),
      /UserId can have at most 100 characters\./,
    ],
    ['an array instead of an object', '[]', /The request body must be an object\./],
  ])('login with %s is a 400 that says what is wrong', async (_case, body, message) => {
    const res = await login(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(message);
    expect(res.json().message).toBe(res.json().error);
  });

  // Issue 26: one 400 shape on every route: the message, and errors[] with field, message and rule.
  it('answers every 400 with its problems listed: schema checks, refusals and flow submits alike', async () => {
    const missing = await login(JSON.stringify({ UserId: 'a', Password: 'b' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'ApplicationCode', message: 'ApplicationCode is required.', ruleId: 'schema.required' },
    ]);
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/dashboard/search',
      headers: bearer(token),
      payload: { StatusCode: 'ZZ', Page: 'one' }, // Page is not a field of the search
    });
    expect(search.statusCode).toBe(400);
    const listed = search.json().errors.map((e: { field: string; ruleId: string }) => [e.field, e.ruleId]);
    expect(listed.sort()).toEqual([
      ['Page', 'schema.additionalProperties'],
      ['StatusCode', 'schema.enum'],
    ]);
    const refused = await login(JSON.stringify({ UserId: 'a', Password: 'b', ApplicationCode: 'XYZ' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ field: '', message: refused.json().message }),
    ]);
    const submit = await t.app.inject({
      method: 'POST',
      url: '/api/poolbooking/create',
      headers: { ...bearer(token), 'idempotency-key': 'issue-26-one-shape' },
      payload: { Contact: { ContactName: 'A', EmailAddresses: 'nope' } },
    });
    expect(submit.statusCode).toBe(400);
    expect(submit.json().errors.length).toBeGreaterThan(0);
    for (const e of submit.json().errors)
      expect(Object.keys(e).sort()).toEqual(expect.arrayContaining(['field', 'message']));
  });

  it('refuses a body over the size limit with a 413', async () => {
    const res = await login(
      JSON.stringify({ UserId: 'a', Password: 'x'.repeat(70_000), ApplicationCode: 'BRR' }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatch(/too large/);
  });

  it('refuses a body that is not JSON with a 415', async () => {
    const res = await login('UserId=a', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatch(/as JSON/);
  });

  // Issue 11: input the schemas let through used to fail in PostgreSQL (500s).
  const post = (url: string, payload: object, auth = true) =>
    t.app.inject({ method: 'POST', url, payload, headers: auth ? bearer(token) : {} });

  it('signs in to this application only: another ApplicationCode is a 400 that names ours', async () => {
    const res = await login(
      JSON.stringify({ UserId: 'demo.customer', Password: 'Demo!2345', ApplicationCode: 'XYZ' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UNKNOWN_APPLICATION',
      message: 'ApplicationCode must be BRR: this server signs in to that application only.',
    });
  });

  it('refuses a NUL character in any text, signed in or not, naming the field', async () => {
    const signIn = await post(
      '/api/auth/login',
      { UserId: 'demo\u0000', Password: 'x', ApplicationCode: 'BRR' },
      false,
    );
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toMatchObject({ code: 'NUL_CHARACTER' });
    expect(signIn.json().message).toMatch(/UserId contains a NUL character/);
    const search = await post('/api/dashboard/search', { BookingCode: 'PB\u0000' });
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toMatch(/BookingCode contains a NUL character/);
    const create = await post('/api/poolbooking/create', {
      Equipment: { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' },
      AvailableUnits: [],
      Contact: { ContactName: 'Pat\u0000', EmailAddresses: 'pat@example.com' },
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().message).toMatch(/Contact\.ContactName contains a NUL character/);
  });

  it('holds a submit’s Acknowledged to its published schema: a list of different rule ids', async () => {
    const body = {
      Equipment: { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' },
      AvailableUnits: [],
      Contact: { ContactName: 'Pat', EmailAddresses: 'pat@example.com' },
    };
    for (const Acknowledged of [
      { 'customer-booking.over-available': true },
      7,
      ['customer-booking.over-available', 'customer-booking.over-available'],
      Array.from({ length: 60 }, (_, i) => `rule.${i}`),
      [{ a: { b: { c: 1 } } }],
    ]) {
      const res = await post('/api/poolbooking/create', { ...body, Acknowledged });
      expect(res.statusCode, JSON.stringify(Acknowledged)).toBe(400);
      expect(res.json().message).toBe(
        'Acknowledged must be a list of at most 50 different rule ids (texts of at most 100 characters).',
      );
    }
  });

  it('refuses whole numbers beyond what the database holds', async () => {
    const availability = await post('/api/poolbooking/availableunits', {
      CustomerId: 2 ** 53 + 1,
      MarketCode: 'LAX',
      EquipmentSize: 'Chassis.40',
      EquipmentClass: 'STD',
    });
    expect(availability.statusCode).toBe(400);
    expect(availability.json().message).toMatch(/CustomerId/);
    const page = await post('/api/dashboard/search', {
      CreatedFrom: '2026-01-01',
      StartRecordNumber: 2 ** 63,
    });
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toMatch(/StartRecordNumber/);
  });

  it('refuses the last day of year 9999 before the first byte of a search, an export or a download', async () => {
    for (const url of ['/api/dashboard/search', '/api/dashboard/export', '/api/dashboard/downloadExcel']) {
      const res = await post(url, { CreatedFrom: '2026-01-01', CreatedTo: '9999-12-31' });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json().message, url).toMatch(/CreatedTo/);
    }
  });

  it('refuses bad chassis lists', async () => {
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/lookup/equipment', payload, headers: bearer(token) });
    expect((await post({ ChassisIds: [] })).json().error).toMatch(/ChassisIds needs at least 1 entry\./);
    expect(
      (
        await post({
          ChassisIds: Array.from({ length: 1001 }, (_, i) => `PLCZ${String(i).padStart(6, '0')}`),
        })
      ).json().error,
    ).toMatch(/ChassisIds can have at most 1000 entries\./);
    expect((await post({ ChassisIds: [12] })).json().error).toMatch(/ChassisIds\[0\] must be text\./);
    expect((await post({ ChassisIds: ['PLCZ000001'], Extra: 1 })).statusCode).toBe(400);
  });

  it('refuses unknown datasets, query fields and bad ids', async () => {
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
    const unknown = await get('/api/lookup/notADataset');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatch(/dataset must be one of [A-Za-z]+(, [A-Za-z]+)* or [A-Za-z]+\./);
    expect((await get('/api/lookup/locations?bogus=1')).json().error).toMatch(
      /Invalid query: bogus is not a field of this request: leave it out\./,
    );
    expect((await get('/api/lookup/customers?customerClass=not%20a%20class')).statusCode).toBe(400);
    expect((await get('/api/users/abc')).json().error).toMatch(/Invalid path: id must be a whole number\./);
    expect((await get('/api/users/0')).statusCode).toBe(400);
    expect((await get('/api/users/99999999999')).statusCode).toBe(400);
    expect((await get('/api/auth/status')).json().error).toMatch(/userId is required\./);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatch(/There is no GET \/api\/nothing\/here/);
  });

  it('leaves no trace of a refused login', async () => {
    const traces = () =>
      Promise.all([
        t.handle.db.selectFrom('sign_in_failures').selectAll().execute(),
        t.handle.db.selectFrom('rate_limit_events').selectAll().execute(),
      ]);
    const before = await traces();
    await login(
      JSON.stringify({ UserId: 'demo.customer', Password: 'x', ApplicationCode: 'BRR', Extra: true }),
    );
    expect(await traces()).toEqual(before);
  });
});
