/** Sign-up ("Register as a New User"): validation, duplicates, the SPEC §8 answer, staff's list. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_SUCCESS_TEXT, type SignUpBody } from '../../src/schemas/sign-up';
import { USER_NAME_CHECKS_PER_MINUTE } from '../../src/server/routes/account';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { removeDir, tempDataDir, waitForOutbox } from './account-helpers';

let serial = 0;
const signUpBody = (overrides: Partial<SignUpBody> = {}): SignUpBody => {
  serial += 1;
  return {
    CompanyName: 'Harbor Drayage LLC',
    SCAC: 'hbdr',
    FirstName: 'Morgan',
    LastName: 'Lee',
    UserName: `morgan.lee${serial}`,
    Email: `morgan.lee${serial}@harbor.example.com`,
    Phone: '+1 (562) 555-0134',
    RequestedAccess: ['PoolBooking', 'PoolRedelivery'],
    ...overrides,
  };
};

describe.each(databaseKinds)('sign-up on %s', (kind) => {
  let t: TestApp;
  let dataDir: string;
  const signUp = (payload: unknown, remoteAddress = '10.1.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: payload as object, remoteAddress });

  beforeAll(async () => {
    dataDir = tempDataDir();
    t = await startTestApp(kind, { DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await t.close();
    removeDir(dataDir);
  });

  it('files a request for access, answers that it is approved and in setup, and mails a receipt', async () => {
    const body = signUpBody();
    const res = await signUp(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ Message: SIGN_UP_SUCCESS_TEXT });
    expect(res.json().Message).toMatch(/request for access has been approved/);
    expect(res.json().Message).toMatch(/setup is in process/);
    const row = await t.handle.db
      .selectFrom('access_requests')
      .selectAll()
      .where('user_name', '=', body.UserName)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_name: 'Harbor Drayage LLC', scac: 'HBDR', status: 'Pending' });
    const [mail] = await waitForOutbox(dataDir, body.Email);
    expect(mail).toContain('Your chassis portal access request');
  });

  it('refuses invalid input with messages naming the field, and writes nothing', async () => {
    const before = await t.handle.db
      .selectFrom('access_requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const cases: Array<[unknown, RegExp]> = [
      [{ ...signUpBody(), CompanyName: undefined }, /CompanyName is required/],
      [
        signUpBody({ SCAC: 'H1' }),
        /SCAC is not in the expected format \(Standard Carrier Alpha Code: 2 to 4 letters\)\./,
      ],
      [signUpBody({ Email: 'not-an-email' }), /Invalid email address/],
      [signUpBody({ FirstName: '   ' }), /FirstName must not be blank/],
      [signUpBody({ UserName: 'x' }), /UserName needs at least 3 characters\./],
      [
        signUpBody({ UserName: 'bad name!' }),
        /UserName is not in the expected format \(3 to 50 characters: letters, digits and \. _ - @, starting with a letter or digit\)\./,
      ],
      [signUpBody({ Phone: 'call me' }), /Phone/],
      [signUpBody({ RequestedAccess: [] }), /RequestedAccess needs at least 1 entry\./],
      [
        signUpBody({ RequestedAccess: ['Everything' as never] }),
        /RequestedAccess\[0\] must be one of PoolBooking, /,
      ],
      [{ ...signUpBody(), Password: 'x' }, /Password is not a field of this request: leave it out\./],
    ];
    for (const [payload, message] of cases) {
      const res = await signUp(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    const after = await t.handle.db
      .selectFrom('access_requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a user name or email already used by an account, in any case', async () => {
    const taken = await signUp(signUpBody({ UserName: 'Demo.Customer' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(
      "The user name 'Demo.Customer' is already taken. Choose another user name.",
    );
    const staff = await t.handle.db
      .selectFrom('users')
      .select('email')
      .where('user_name', '=', 'demo.staff')
      .executeTakeFirstOrThrow();
    const email = await signUp(signUpBody({ Email: staff.email.toUpperCase() }));
    expect(email.statusCode).toBe(409);
    expect(email.json().error).toMatch(/account with this email address already exists/);
  });

  it('refuses a second request with the same user name or email while the first waits', async () => {
    const first = signUpBody();
    expect((await signUp(first)).statusCode).toBe(201);
    const sameName = await signUp(signUpBody({ UserName: first.UserName.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error).toMatch(/already waiting for approval/);
    const sameEmail = await signUp(signUpBody({ Email: first.Email }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toMatch(/this email address is already waiting for approval/);
  });

  it('answers whether a user name is available', async () => {
    const free = await t.app.inject({ method: 'GET', url: '/api/auth/usernames?userName=brand.new.name' });
    expect(free.json()).toMatchObject({ UserName: 'brand.new.name', Available: true });
    const used = await t.app.inject({ method: 'GET', url: '/api/auth/usernames?userName=demo.ssl' });
    expect(used.json()).toMatchObject({ Available: false, Message: expect.stringMatching(/already taken/) });
    const bad = await t.app.inject({ method: 'GET', url: '/api/auth/usernames?userName=a%20b' });
    expect(bad.json()).toMatchObject({
      Available: false,
      Message: expect.stringMatching(/3 to 50 characters/),
    });
  });

  it('rate-limits sign-ups per network address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await signUp(signUpBody(), '10.9.9.9')).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('limits probing: taken emails count toward the sign-up limit, and name checks are limited per minute (issue 11)', async () => {
    const staff = await t.handle.db
      .selectFrom('users')
      .select('email')
      .where('user_name', '=', 'demo.staff')
      .executeTakeFirstOrThrow();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++)
      answers.push((await signUp(signUpBody({ Email: staff.email }), '10.9.9.10')).statusCode);
    expect(answers.slice(0, 10).every((s) => s === 409)).toBe(true);
    expect(answers[10]).toBe(429);

    const check = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/auth/usernames?userName=demo.ssl',
        remoteAddress: '10.9.9.11',
      });
    for (let i = 0; i < USER_NAME_CHECKS_PER_MINUTE; i++) expect((await check()).statusCode).toBe(200);
    const limited = await check();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(
      'Too many user name checks from your address. Wait a minute, then try again.',
    );
  });

  it('lists the requests for internal staff only', async () => {
    const body = signUpBody({ RequestedAccess: ['TermLeaseBooking'] });
    expect((await signUp(body)).statusCode).toBe(201);
    const staff = await t.app.inject({
      method: 'GET',
      url: '/api/auth/accessrequests',
      headers: bearer(await t.tokenFor('demo.readonly')),
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json()[0]).toMatchObject({
      UserName: body.UserName,
      Email: body.Email,
      SCAC: 'HBDR',
      RequestedAccess: ['TermLeaseBooking'],
      Status: 'Pending',
    });
    const customer = await t.app.inject({
      method: 'GET',
      url: '/api/auth/accessrequests',
      headers: bearer(await t.tokenFor('demo.customer')),
    });
    expect(customer.statusCode).toBe(403);
    expect(customer.json().error).toBe('Only internal staff can see requests for access.');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/accessrequests' });
    expect(anonymous.statusCode).toBe(401);
  });
});
