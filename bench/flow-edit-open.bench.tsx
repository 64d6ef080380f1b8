// @vitest-environment jsdom
/**
 * Opening an order of 50 destinations in edit mode (issue 10): the order document loaded over HTTP,
 * mapped to flow data by the flow file's edit.load template, and the request step's first render
 * with all 50 destinations. Figures only; run by `npm run bench`, never by npm test.
 *
 * A request books at most repositionMaxDestinations (25) destinations, so no order of 50 can be
 * booked through the API: the document (valid against src/schemas/booking-order.ts) is served by
 * the bench's local HTTP server, as the render bench serves its lookups.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterAll, beforeAll, it } from 'vitest';
import { createFlowStore } from '../src/app/flows/FlowPage';
import type { OrderDocument, OrderDocumentBooking } from '../src/schemas/booking-order';
import { findFlowPage, renderAppAt } from '../tests/app/support/flow-app';
import { rootFor, startFlowApi } from './flow-api';
import { measure } from './measure';

const DESTINATIONS = 50;

function booking(i: number): OrderDocumentBooking {
  return {
    BookingId: 70_000 + i,
    BookingCode: `RP${String(70_000 + i)}`,
    BookingStatusCode: 'OP',
    LocationId: 11,
    LocationName: 'Chicago Yard',
    ToLocationId: 1_000 + i,
    ToLocationName: `Destination ${i + 1}`,
    EquipmentSize: 'Chassis.40',
    EquipmentClass: 'STD',
    Extendable: false,
    UnitsRequestedCount: 1 + (i % 9),
    UnitsFulfilledCount: 0,
    MotorCarrierId: 1,
    MotorCarrierName: 'Demo Motor Carrier (DMCR)',
    BookingComment: i % 3 === 0 ? `Gate ${i}` : null,
    RailTerminalReleaseNumber: null,
    WithRedelivery: i % 5 === 0,
    RedeliveryRequestedCount: i % 5 === 0 ? 1 : 0,
    Chassis: [],
  };
}

const document = (id: number): OrderDocument => ({
  BookingOrderId: id,
  BookingOrderTypeCode: 'RP',
  StatusCode: 'OP',
  Version: 1,
  CanEdit: true,
  EditRoute: `/reposition_booking/request?edit=${id}`,
  CustomerId: 1,
  CustomerNameWithSCAC: 'Demo Motor Carrier (DMCR)',
  MarketCode: 'CHI',
  ResponsiblePartyId: null,
  MotorCarrierId: 1,
  ContactName: 'Casey Customer',
  EmailAddresses: 'casey@example.com',
  SendExternalNotification: false,
  BookingComment: null,
  Details: { InventoryOrgCode: 'IDL', FromLocationId: 11, Extendable: 'All', RepositionReasonCode: 'BAL' },
  Bookings: Array.from({ length: DESTINATIONS }, (_, i) => booking(i)),
});

let api: Awaited<ReturnType<typeof startFlowApi>>;
beforeAll(async () => {
  api = await startFlowApi();
  api.answerDocumentWith(document);
});
afterAll(() => api.close());

it(`opens an order of ${DESTINATIONS} destinations in edit mode`, async () => {
  console.log(`\n## Edit mode: an order of ${DESTINATIONS} destinations (demo.customer)`);
  const root = rootFor('demo.customer', api.url);
  await measure('load + map (FlowStore.open, no render)', 50, async () => {
    const store = createFlowStore(root, 'reposition-booking');
    if (!(await store.order.open(900, 'edit')))
      throw new Error(store.order.openError ?? 'the order did not open');
  });
  await measure('load + map + first render (whole app, jsdom)', 10, async () => {
    renderAppAt('/reposition_booking/request?edit=900', rootFor('demo.customer', api.url));
    await findFlowPage('Reposition Booking');
    await screen.findByRole('group', { name: `Destination ${DESTINATIONS}` }, { timeout: 60_000 });
    cleanup();
  });
}, 600_000);
