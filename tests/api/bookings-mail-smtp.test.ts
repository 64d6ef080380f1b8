/** The booking notification leaves over real SMTP when SMTP_URL is set (a real smtp-server receiver). */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  CONTACT,
  clearThresholds,
  POOL_URL,
  roomiestLocation,
  submit,
  unitsPayload,
} from './bookings-helpers';

interface Received {
  from: string;
  to: string[];
  data: string;
}

let server: SMTPServer;
let t: TestApp;
const received: Received[] = [];
let delivered: () => void;
const firstMail = new Promise<void>((resolve) => {
  delivered = resolve;
});

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        delivered();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await startTestApp('pglite', { SMTP_URL: `smtp://127.0.0.1:${port}` });
  await clearThresholds(t);
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

it('sends the booking notification to the contact addresses over SMTP', async () => {
  const token = await t.tokenFor('demo.customer');
  const equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
  const place = await roomiestLocation(t, token, 'pool', equipment);
  const res = await submit(
    t,
    POOL_URL,
    token,
    unitsPayload('pool', equipment, [{ LocationId: place.LocationId, units: 1, Available: place.Available }]),
  );
  expect(res.statusCode, res.body).toBe(200);
  const code = res.json().Bookings[0].BookingCode as string;
  await firstMail;
  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail?.to.sort()).toEqual(
    CONTACT.EmailAddresses.split(';')
      .map((a) => a.trim())
      .sort(),
  );
  expect(mail?.data).toContain(code);
});
