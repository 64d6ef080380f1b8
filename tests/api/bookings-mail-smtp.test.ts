/**
 * The booking notification leaves over real SMTP when SMTP_URL is set (a real smtp-server receiver).
 * It books for a customer of its own at a stocked location of its own (tests/helpers/factories.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { customerWithToken, stockedLocation } from '../helpers/factories';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { availableAt, CONTACT, clearThresholds, POOL_URL, submit, unitsPayload } from './bookings-helpers';

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
  const { token } = await customerWithToken(t);
  const equipment = { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' };
  const place = await stockedLocation(t, equipment, 3);
  const res = await submit(
    t,
    POOL_URL,
    token,
    unitsPayload('pool', equipment, [{ LocationId: place.LocationId, units: 1, Available: place.Available }]),
  );
  expect(res.statusCode, res.body).toBe(200);
  expect(await availableAt(t, token, 'pool', equipment, place.LocationId)).toBe(2);
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
