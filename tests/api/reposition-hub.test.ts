/**
 * The hub is told of every reposition change (issue 10 §4): a live dashboard of the booking
 * customer hears the booking ('created') and a saved edit ('edited') with its rows as they are now.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { type RealServerHere, startRealServer } from '../helpers/real-server';
import { eventually, hubClient, type RecordingClient } from './hub-helpers';
import {
  orderDocument,
  type RepositionStage,
  repositionBody,
  repositionStage,
  setRepositionAvailable,
  submitReposition,
  updateReposition,
} from './reposition-helpers';

describe.each(databaseKinds)('reposition changes on the hub on %s', (kind) => {
  let t: RealServerHere;
  let url: string;
  let customer: string;
  let s: RepositionStage;
  const clients: RecordingClient[] = [];
  beforeAll(async () => {
    t = await startRealServer({ here: kind });
    url = t.url;
    customer = await t.tokenFor('demo.customer');
    s = await repositionStage(t);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.stop()));
  });
  afterAll(() => t.close());

  it('tells the customer’s dashboard of the booking and of the edit, with the rows as they are now', async () => {
    const live = hubClient(url, () => customer);
    clients.push(live);
    await live.connection.start();
    await setRepositionAvailable(t, customer, s, 10);
    const body = repositionBody(s, [2]);
    const booked = await submitReposition(t, customer, body);
    expect(booked.statusCode, booked.body).toBe(200);
    const id = booked.json().BookingOrderId as number;
    const created = await eventually('created', () =>
      live.messages.find((m) => m.BookingOrderId === id && m.Change === 'created'),
    );
    expect(created.Rows).toEqual([expect.objectContaining({ BookingOrderTypeCode: 'RP', Quantity: 2 })]);

    const doc = (await orderDocument(t, customer, id)).json();
    const edited = await updateReposition(t, customer, {
      ...body,
      Orders: [{ ...body.Orders[0], RepositionBookingId: doc.Bookings[0].BookingId, UnitsRequestedCount: 4 }],
      BookingOrderId: id,
      Version: doc.Version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const change = await eventually('edited', () =>
      live.messages.find((m) => m.BookingOrderId === id && m.Change === 'edited'),
    );
    expect(change.Rows).toEqual([expect.objectContaining({ Quantity: 4 })]);
  });
});
