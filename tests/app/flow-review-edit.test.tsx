// @vitest-environment jsdom
/**
 * The review step of an order opened in edit mode, rendered by the generic renderer: the changes
 * old → new, an unchanged edit that cannot be submitted, and a concurrent edit's 409 with Reload
 * order. A unit of the renderer: the store is the real FlowStore over the real reposition flow
 * (the browser catalog, precompiled validators); its services hand it an order document and take
 * the submit, as the app's api client would.
 */
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { flowById, flowCatalog, precompiled, schemaValidator } from '../../src/app/flows/catalog';
import { confirmViews } from '../../src/app/flows/confirm-views';
import { memoryStorage } from '../../src/app/storage';
import { FLOW_MESSAGES } from '../../src/domain/messages';
import {
  type FlowStoreServices,
  FlowSubmitError,
  type FlowSubmitResult,
} from '../../src/engine/core/flow-services';
import { FlowStore } from '../../src/engine/core/flow-store';
import { FlowView } from '../../src/engine/react/FlowView';
import { formValidator } from '../../src/engine/react/form-validator';
import type { WidgetRegistry } from '../../src/engine/react/registry';
import { WIDGET_NAMES } from '../../src/flows/ui-names';
import type { OrderDocument } from '../../src/schemas/booking-order';
import { until } from '../helpers/until';

afterEach(cleanup);

const booking = (id: number, to: number, units: number) => ({
  BookingId: id,
  BookingCode: `RP${id}`,
  BookingStatusCode: 'OP',
  LocationId: 11,
  LocationName: 'Origin yard',
  ToLocationId: to,
  ToLocationName: `Yard ${to}`,
  EquipmentSize: 'Chassis.40',
  EquipmentClass: 'STD',
  Extendable: false,
  UnitsRequestedCount: units,
  UnitsFulfilledCount: 0,
  MotorCarrierId: 9,
  MotorCarrierName: 'MCAR',
  BookingComment: null,
  RailTerminalReleaseNumber: null,
  WithRedelivery: false,
  RedeliveryRequestedCount: 0,
  Chassis: [],
});

const orderDocument = (version: number): OrderDocument => ({
  BookingOrderId: 41,
  BookingOrderTypeCode: 'RP',
  StatusCode: 'OP',
  Version: version,
  CanEdit: true,
  EditRoute: '/reposition_booking/request',
  CustomerId: 7,
  CustomerNameWithSCAC: 'Demo Carrier (DEMO)',
  MarketCode: 'CHI',
  ResponsiblePartyId: null,
  MotorCarrierId: null,
  ContactName: 'Casey',
  EmailAddresses: 'casey@example.com',
  SendExternalNotification: false,
  BookingComment: null,
  Details: { InventoryOrgCode: 'ORG1', FromLocationId: 11, Extendable: 'All', RepositionReasonCode: 'BAL' },
  Bookings: [booking(501, 12, 4), booking(502, 13, 2)],
});

const UPDATED: FlowSubmitResult = {
  BookingOrderId: 41,
  BookingOrderTypeCode: 'RP',
  StatusCode: 'OP',
  PendingReview: false,
  Message: 'Order 41 was updated.',
  Bookings: [],
};

/** The request step's widgets read lookups from the server; this renderer test stands them in as plain inputs. */
const PlainInput: WidgetRegistry[string]['component'] = (props: { id: string; value?: unknown }) => (
  <input id={props.id} value={String(props.value ?? '')} readOnly />
);
const registry: WidgetRegistry = Object.fromEntries(
  WIDGET_NAMES.map((name) => [name, { kind: 'widget' as const, component: PlainInput }]),
);

function setUp() {
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  let version = 3;
  let reply: () => Promise<FlowSubmitResult> = async () => UPDATED;
  const services: FlowStoreServices = {
    submit: (url, body) => {
      posts.push({ url, body });
      return reply();
    },
    confirm: async () => true,
    loadOrder: async () => orderDocument(version),
    request: async () => ({ AvailableQuantity: 30 }),
    messages: FLOW_MESSAGES,
    storage: memoryStorage(),
    now: () => 1_700_000_000_000,
  };
  const store = new FlowStore(flowById('reposition-booking'), flowCatalog.limits, schemaValidator, services);
  render(
    <ChakraProvider value={defaultSystem}>
      <FlowView
        store={store}
        registry={registry}
        confirmViews={confirmViews}
        services={{
          formValidator: (schema) => formValidator(precompiled, schema),
          widgetContext: {},
          leave: () => {},
        }}
      />
    </ChakraProvider>,
  );
  return {
    store,
    posts,
    orderChangesTo: (v: number) => {
      version = v;
    },
    replyWith: (r: () => Promise<FlowSubmitResult>) => {
      reply = r;
    },
  };
}

/** Opens order 41 for edit and moves to review (the store's own Next, as the form's button calls it). */
async function reviewEdit(store: FlowStore, change?: () => void) {
  expect(await store.order.open(41, 'edit')).toBe(true);
  await until(() => (store.data.Header as Record<string, unknown>).AvailableQuantity === 30, {
    what: 'the availability answer to land',
  });
  change?.();
  expect(await store.next()).toBe(true);
  await screen.findByRole('heading', { level: 2, name: 'Review Booking' });
}

describe('review step in edit mode', () => {
  it('an unchanged edit says so and cannot be submitted', async () => {
    const { store, posts } = setUp();
    await reviewEdit(store);
    expect(screen.getByText(FLOW_MESSAGES.nothingChanged)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Changes' })).toBeNull();
    const submit = screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(await store.submission.submit()).toBe(false);
    expect(posts).toEqual([]);
  });

  it('lists each change old → new, then submits the update and confirms it', async () => {
    const u = userEvent.setup();
    const { store, posts } = setUp();
    await reviewEdit(store, () => {
      store.setData('Orders.1.UnitsRequestedCount', 5);
      store.setData('Contact.ContactName', 'Robin');
    });
    const changes = within(screen.getByRole('region', { name: 'Changes' }));
    expect(changes.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Destinations 2 › Units requested: 2 → 5',
      'Contact › Contact name: Casey → Robin',
    ]);
    expect(screen.queryByText(FLOW_MESSAGES.nothingChanged)).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your changes to order 41 are saved.')).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe('/api/repositionbooking/update');
    expect(posts[0]?.body).toMatchObject({ BookingOrderId: 41, Version: 3 });
    // The confirm step shows the flow's confirm view (bookingTable by default).
    expect(screen.getByRole('heading', { name: 'Bookings of order 41' })).toBeTruthy();
  });

  it('a concurrent edit’s 409 shows the server’s message and Reload order opens the order as it now is', async () => {
    const u = userEvent.setup();
    const { store, replyWith, orderChangesTo } = setUp();
    await reviewEdit(store, () => store.setData('Orders.0.UnitsRequestedCount', 6));
    const message =
      'Order 41 was changed by demo.staff at 10:02 after you opened it. Reload the order and make your changes again.';
    replyWith(() => Promise.reject(new FlowSubmitError(message, [], [], 409, 'ORDER_CHANGED')));
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    // Issue 25: the refusal is above the step; the user pressed Submit below it. It takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(alert));
    orderChangesTo(4);
    await u.click(within(alert).getByRole('button', { name: 'Reload order' }));
    await screen.findByRole('heading', { level: 2, name: 'Request Booking' });
    expect(screen.queryByText(message)).toBeNull();
    expect(store.order.editing).toEqual({ BookingOrderId: 41, Version: 4 });
    expect(store.order.unchanged).toBe(true);
  });
});
