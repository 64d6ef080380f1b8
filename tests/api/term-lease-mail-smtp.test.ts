/**
 * Term lease cancel mail over real SMTP (issue 16; a real smtp-server receiver): after the cancel
 * commits, the contact and the AdditionalEmails get the order mail — text and HTML from the same
 * template as the booking mail, with the bookings as they now are and names, not codes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/until';
import { CONTACT } from './bookings-helpers';
import {
  addTermChassis,
  OVER_AVAILABLE,
  setLineRoom,
  submitTerm,
  type TermStage,
  termBody,
  termStage,
} from './term-lease-helpers';

/** A received message's headers and its text and HTML parts, decoded. */
function parse(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [];
  const part = (type: string) => {
    const found = parts.find((p) => new RegExp(`Content-Type: ${type}`, 'i').test(p));
    if (!found) return null;
    const [partHead = '', ...partBody] = found.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const content = partBody.join('\n\n');
    if (/Content-Transfer-Encoding: quoted-printable/i.test(partHead))
      return Buffer.from(
        content
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
        'latin1',
      ).toString('utf8');
    if (/Content-Transfer-Encoding: base64/i.test(partHead))
      return Buffer.from(content, 'base64').toString('utf8');
    return content;
  };
  return {
    subject: /^Subject: (.*)$/im.exec(headers)?.[1] ?? '',
    multipart: /Content-Type: multipart\/alternative/i.test(headers),
    text: part('text/plain'),
    html: part('text/html'),
  };
}

describe.each(databaseKinds)('term lease cancel mail over SMTP, on %s', (kind) => {
  let smtp: SmtpReceiver;
  let t: TestApp;
  let customer: string;
  let s: TermStage;
  const received = () => smtp.received;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await startTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    s = await termStage(t);
    customer = s.token;
    await setLineRoom(t, customer, s, 50);
    for (const l of s.locations.slice(0, 2)) await addTermChassis(t, s, l, 5);
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** The first received mail whose subject matches, waiting for it (mail leaves after the commit). */
  function mailTitled(subject: RegExp) {
    return eventually(
      () =>
        received()
          .map((r) => ({ ...r, ...parse(r.data) }))
          .find((m) => subject.test(m.subject)),
      {
        what: () =>
          `a mail titled ${subject} (got ${received()
            .map((r) => parse(r.data).subject)
            .join(' | ')})`,
      },
    );
  }

  it('mails the contact and the additional addresses once the order is cancelled: text and HTML, names not codes', async () => {
    const [a, b] = s.locations as [number, number];
    const booked = await submitTerm(
      t,
      customer,
      termBody(
        s.contractId,
        [
          {
            EquipmentLineID: s.line.EquipmentLineID,
            items: [
              { LocationId: a, UnitsRequestedCount: 2 },
              { LocationId: b, UnitsRequestedCount: 1 },
            ],
          },
        ],
        [OVER_AVAILABLE],
      ),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const order = booked.json() as {
      BookingOrderId: number;
      Bookings: Array<{ BookingCode: string | null; LocationName: string }>;
    };
    const id = order.BookingOrderId;
    // The booking mail is the same template: text and HTML.
    const bookingMail = await mailTitled(
      new RegExp(`^Term Lease Booking order ${id}: (confirmed|pending review)$`),
    );
    expect(bookingMail.multipart).toBe(true);
    expect(bookingMail.html).toContain(`Term Lease Booking order ${id}.`);

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/longtermbooking/cancelLongTermOrder',
      headers: bearer(customer),
      payload: { BookingOrderId: id, AdditionalEmails: 'yard@partner.example; pat@example.com' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ BookingOrderId: id, StatusCode: 'CN' });

    const mail = await mailTitled(new RegExp(`^Term Lease Booking order ${id}: cancelled$`));
    // The contact's addresses and the additional ones, each once.
    expect([...mail.to].sort()).toEqual(['ops@example.com', 'pat@example.com', 'yard@partner.example']);
    expect(mail.multipart).toBe(true);
    const { text, html } = mail;
    if (text === null || html === null) throw new Error('the cancel mail lacks its text or HTML part');
    expect(text).toContain(`Hello ${CONTACT.ContactName},`);
    expect(text).toContain(`Term Lease Booking order ${id} has been cancelled.`);
    expect(html).toContain(`<p>Term Lease Booking order ${id} has been cancelled.</p>`);
    const size = await t.handle.db
      .selectFrom('equipment_categories')
      .select('description')
      .where('equipment_category_code', '=', s.line.EquipmentSize)
      .executeTakeFirstOrThrow();
    const equipmentClass = await t.handle.db
      .selectFrom('equipment_classes')
      .select('name')
      .where('code', '=', s.line.EquipmentClass)
      .executeTakeFirstOrThrow();
    for (const booking of order.Bookings) {
      const title = `${booking.BookingCode ?? 'Booking number to follow'} (Cancelled)`;
      expect(text).toContain(`- ${title}`);
      expect(text).toContain(booking.LocationName);
      expect(html).toContain(`<strong>${title}</strong>`);
    }
    // Names, not codes: the size and class as people read them, in both parts.
    const kindName = `${size.description}, ${equipmentClass.name}`;
    expect(text).toContain(`2 unit(s) of ${kindName}`);
    expect(html).toContain(`2 unit(s) of ${kindName.replace(/'/g, '&#39;')}`);
    expect(text).not.toContain(s.line.EquipmentSize);
  });
});
