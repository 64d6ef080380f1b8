/**
 * Who is told of a reposition (SPEC §3 SendToExternalParties / notifyExternalParties): the contact
 * always, the external parties when chosen — on the booking and on every saved edit.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/until';
import {
  orderDocument,
  type RepositionStage,
  repositionBody,
  repositionStage,
  setRepositionAvailable,
  submitReposition,
  updateReposition,
} from './reposition-helpers';

/** The mails in the outbox whose text holds `text`; the mail goes out after the commit. */
function mailsWith(dir: string, text: string, count: number): Promise<string[]> {
  return eventually(
    () => {
      let files: string[] = [];
      try {
        files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      } catch {
        // no outbox yet
      }
      // Long headers are folded onto continuation lines: unfold them to read the recipients.
      const found = files
        .map((f) => readFileSync(join(dir, f), 'utf8').replace(/\r?\n[ \t]+/g, ' '))
        .filter((m) => m.includes(text));
      return found.length >= count ? found : undefined;
    },
    { what: `${count} mails in ${dir} that hold ${text}` },
  );
}

describe.each(databaseKinds)('reposition notices on %s', (kind) => {
  let t: TestApp;
  let customer: string;
  let s: RepositionStage;
  let outbox: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'brr-reposition-'));
    outbox = join(dataDir, 'outbox');
    t = await startTestApp(kind, { DATA_DIR: dataDir });
    customer = await t.tokenFor('demo.customer');
    s = await repositionStage(t);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('mails the contact and the external parties on booking and on an edit', async () => {
    await setRepositionAvailable(t, customer, s, 10);
    const body = repositionBody(s, [2]);
    const contact = {
      ...body.Contact,
      SendToExternalParties: true,
      notifyExternalParties: 'yard@partner.example; rail@partner.example',
    };
    const booked = await submitReposition(t, customer, { ...body, Contact: contact });
    expect(booked.statusCode, booked.body).toBe(200);
    const order = booked.json();
    const [created] = await mailsWith(outbox, order.Bookings[0].BookingCode, 1);
    expect(created).toMatch(
      /^To: pat@example\.com, ops@example\.com, yard@partner\.example, rail@partner\.example$/m,
    );
    expect(created).toContain(`Reposition Booking order ${order.BookingOrderId}: confirmed`);

    const doc = (await orderDocument(t, customer, order.BookingOrderId)).json();
    expect(doc.Details).toMatchObject({
      ExternalPartyEmails: 'yard@partner.example; rail@partner.example',
      FromLocationId: s.origin,
    });
    const edited = await updateReposition(t, customer, {
      ...body,
      Orders: [{ ...body.Orders[0], RepositionBookingId: doc.Bookings[0].BookingId, UnitsRequestedCount: 3 }],
      Contact: { ...contact, notifyExternalParties: 'yard@partner.example' },
      BookingOrderId: order.BookingOrderId,
      Version: doc.Version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const mails = await mailsWith(outbox, `order ${order.BookingOrderId}`, 2);
    expect(
      mails.some((m) => /^To: pat@example\.com, ops@example\.com, yard@partner\.example$/m.test(m)),
    ).toBe(true);
  });
});
