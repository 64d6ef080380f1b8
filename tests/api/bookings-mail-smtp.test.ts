/** The booking notification leaves over real SMTP when SMTP_URL is set (a real smtp-server receiver). */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  CONTACT,
  clearThresholds,
  POOL_URL,
  roomiestLocation,
  submit,
  unitsPayload,
} from './bookings-helpers';

let smtp: SmtpReceiver;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await startTestApp('pglite', { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  await clearThresholds(t);
});

afterAll(async () => {
  await t.close();
  await smtp.close();
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
  const received = await smtp.waitFor(1);
  expect(received).toHaveLength(1);
  const [mail] = received;
  expect(mail?.to.sort()).toEqual(
    CONTACT.EmailAddresses.split(';')
      .map((a) => a.trim())
      .sort(),
  );
  expect(mail?.data).toContain(code);
});
