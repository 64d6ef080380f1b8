/**
 * Issue 28, finding 8: a webhook may point at global unicast addresses only. IPv6 forms that carry
 * an IPv4 address (NAT64, 6to4, IPv4-mapped, IPv4-compatible) are judged by what they carry, and
 * site-local fec0::/10 is refused — when a subscription is saved, and on the address a delivery
 * connects to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedAddress, webhookUrlProblem } from '../../src/server/webhooks/destination';
import { postWebhook } from '../../src/server/webhooks/sender';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';

/** The addresses the attack got accepted, as URLs. */
const EMBEDDED = [
  'http://[64:ff9b::a9fe:a9fe]/hook', // NAT64 of 169.254.169.254 (cloud metadata)
  'http://[::7f00:1]/hook', // IPv4-compatible 127.0.0.1
  'http://[::127.0.0.1]/hook', // the same, dotted
  'http://[2002:a9fe:a9fe::]/hook', // 6to4 of 169.254.169.254
  'http://[fec0::1]/hook', // site-local
];

describe('webhook destination rules', () => {
  it.each(EMBEDDED)('refuses %s, loopback allowed or not', async (url) => {
    expect(await webhookUrlProblem(url, false)).toMatch(/private or internal/);
    expect(await webhookUrlProblem(url, true)).toMatch(/private or internal/);
  });

  it('refuses the same addresses at connect time, however a name resolved', () => {
    for (const address of [
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::7f00:1',
      '64:ff9b::a00:1',
      '64:ff9b:1::1',
      '::7f00:1',
      '::127.0.0.1',
      '::8.8.8.8',
      '2002:a9fe:a9fe::',
      '2002:7f00:1::1',
      '2002:c0a8:101::',
      'fec0::1',
      'fe80::1%eth0',
      'fd00::1',
      '::ffff:a9fe:a9fe',
      '::ffff:169.254.169.254',
      '2001:db8::1',
      '2001::1',
      '100::1',
      '::',
      '192.0.2.1',
      '255.255.255.255',
    ])
      expect(refusedAddress(address, true), address).toMatch(/private or internal/);
  });

  it('lets global unicast through, IPv4 carried in IPv6 included', async () => {
    for (const address of [
      '8.8.8.8',
      '2606:4700:4700::1111',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
    ])
      expect(refusedAddress(address, false), address).toBeNull();
    expect(await webhookUrlProblem('https://[2606:4700:4700::1111]/hook', false)).toBeNull();
    // Loopback itself stays a matter of WEBHOOK_ALLOW_LOOPBACK, also as a dual-stack socket names it.
    expect(refusedAddress('::ffff:127.0.0.1', false)).toMatch(/loopback/);
    expect(refusedAddress('::ffff:127.0.0.1', true)).toBeNull();
    expect(refusedAddress('::1', true)).toBeNull();
  });

  it('does not connect to a refused literal address when it sends', async () => {
    for (const url of EMBEDDED) {
      const sent = await postWebhook(url, '{}', {}, { timeoutMs: 2_000, allowLoopback: true });
      expect(sent, url).toEqual({ status: null, error: expect.stringMatching(/private or internal/) });
    }
  });
});

describe.each(databaseKinds)('saving a webhook subscription on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  beforeAll(async () => {
    t = await startTestApp(kind, { WEBHOOK_ALLOW_LOOPBACK: 'true' });
    staff = await t.tokenFor('demo.staff');
  }, 120_000);
  afterAll(() => t.close());

  it.each(EMBEDDED)('refuses %s with a 400 that says why, and saves nothing', async (url) => {
    const before = await t.handle.db
      .selectFrom('webhook_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/subscriptions',
      headers: bearer(staff),
      payload: { CustomerId: 1, Url: url, Events: ['order.created'] },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(/private or internal network address/);
    const after = await t.handle.db
      .selectFrom('webhook_subscriptions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
