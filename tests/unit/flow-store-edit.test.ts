/**
 * FlowStore with an existing order (edit mode, Load Booking) and step actions, on the real
 * reposition flow. The services stand in for the outside world only: the order document the API
 * would answer, the HTTP call of an action, the submit; the store under test is the real one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../src/app/storage';
import { FLOW_MESSAGES } from '../../src/domain/messages';
import { createFlowAjv } from '../../src/engine/core/ajv';
import type { SchemaValidator } from '../../src/engine/core/check-data';
import { draftKey } from '../../src/engine/core/draft';
import { answerParts, flowDataSchema, prepareCall } from '../../src/engine/core/flow-actions';
import { labelOf } from '../../src/engine/core/flow-changes';
import {
  type ActionCall,
  type FlowStoreServices,
  FlowSubmitError,
  type FlowSubmitResult,
} from '../../src/engine/core/flow-services';
import { FlowStore } from '../../src/engine/core/flow-store';
import { type FlowCatalog, type LoadedFlow, loadFlowCatalogOrThrow } from '../../src/engine/core/load';
import type { StepAction } from '../../src/engine/core/types';
import { readFlowSources, validateFlowFile } from '../../src/engine/node/sources';
import { ruleEngine } from '../../src/rules/rule-engine';
import type { OrderDocument } from '../../src/schemas/booking-order';
import { until } from '../helpers/until';

let catalog: FlowCatalog;
let validate: SchemaValidator;
beforeAll(() => {
  catalog = loadFlowCatalogOrThrow(readFlowSources(), { validateFile: validateFlowFile, ruleEngine });
  const ajv = createFlowAjv();
  validate = (step, data) => {
    const fn = ajv.getSchema(String(step.schema?.$id)) ?? ajv.compile(step.schema as object);
    return fn(data) ? [] : [...(fn.errors ?? [])];
  };
});

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

const orderDocument = (version = 3): OrderDocument => ({
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

const RESULT: FlowSubmitResult = {
  BookingOrderId: 41,
  BookingOrderTypeCode: 'RP',
  StatusCode: 'OP',
  PendingReview: false,
  Message: 'Updated',
  Bookings: [],
};

/** A call the test answers when it chooses (resolve / reject), so stale answers can be staged. */
interface PendingCall {
  call: ActionCall;
  resolve(answer: unknown): void;
  reject(error: Error): void;
}

function harness(storage = memoryStorage(), change: (flow: LoadedFlow) => LoadedFlow = (f) => f) {
  const calls: PendingCall[] = [];
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  const asked: string[] = [];
  let document: () => Promise<OrderDocument> = async () => orderDocument();
  let reply: () => Promise<FlowSubmitResult> = async () => RESULT;
  const services: FlowStoreServices = {
    submit: (url, body) => {
      posts.push({ url, body });
      return reply();
    },
    confirm: async (message) => {
      asked.push(message);
      return true;
    },
    loadOrder: () => document(),
    request: (call) =>
      new Promise((resolve, reject) => {
        calls.push({ call, resolve, reject });
      }),
    messages: FLOW_MESSAGES,
    storage,
    now: () => 1_700_000_000_000,
  };
  const flow = catalog.flows.find((f) => f.id === 'reposition-booking');
  if (!flow) throw new Error('reposition-booking');
  const store = new FlowStore(change(flow), catalog.limits, validate, services);
  return {
    store,
    calls,
    posts,
    asked,
    storage,
    documentIs: (d: () => Promise<OrderDocument>) => {
      document = d;
    },
    replyWith: (r: () => Promise<FlowSubmitResult>) => {
      reply = r;
    },
  };
}

/** Waits for the availability answer (or failure) to land: its latest run is no longer under way. */
const answered = (store: FlowStore) =>
  until(() => !store.actions.running.has('availability'), { what: 'the availability answer to land' });
/**
 * Lets pending promise callbacks run: only where nothing may change (a stale answer is dropped),
 * so there is no condition to wait for.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FlowStore edit mode', () => {
  it('opens an order through the flow’s edit.load, with its $edit parts, as unchanged', async () => {
    const { store } = harness();
    expect(await store.order.open(41, 'edit')).toBe(true);
    expect(store.order.mode).toBe('edit');
    expect(store.order.editing).toEqual({ BookingOrderId: 41, Version: 3 });
    expect(store.order.original).toBe(store.data);
    expect(store.data.Header).toMatchObject({
      FromLocationId: 11,
      EquipmentSize: 'Chassis.40',
      Extendable: 'All',
    });
    expect((store.data.Orders as unknown[])[1]).toMatchObject({
      RepositionBookingId: 502,
      UnitsRequestedCount: 2,
      IsEditMode: true,
      OriginalUnitsRequestedCount: 2,
    });
    expect(store.order.changes).toEqual([]);
    expect(store.order.unchanged).toBe(true);
    expect(store.dirty).toBe(false);
  });

  it('lists each change old → new with labels from the schema; form defaults are no change', async () => {
    const { store } = harness();
    await store.order.open(41, 'edit');
    const orders = store.data.Orders as Record<string, unknown>[];
    // What RJSF fills in on mount (a checkbox's default false) is not the user's change.
    store.setData(
      'Orders',
      orders.map((o) => ({ ...o, CancelBooking: false, CancelRedelivery: false })),
    );
    expect(store.order.unchanged).toBe(true);
    store.setData('Orders.1.UnitsRequestedCount', 5);
    store.setData('Contact.ContactName', 'Robin');
    expect(store.order.changes).toEqual([
      {
        path: 'Orders.1.UnitsRequestedCount',
        label: 'Destinations 2 › Units requested',
        before: 2,
        after: 5,
      },
      { path: 'Contact.ContactName', label: 'Contact › Contact name', before: 'Casey', after: 'Robin' },
    ]);
    expect(store.order.unchanged).toBe(false);
    expect(store.dirty).toBe(true);
  });

  it('refuses an unchanged edit before asking anything', async () => {
    const { store, posts, asked, calls } = harness();
    await store.order.open(41, 'edit');
    calls[0]?.resolve({ AvailableQuantity: 30 });
    await answered(store);
    expect(await store.next()).toBe(true);
    expect(await store.submission.submit()).toBe(false);
    expect(store.submission.message).toBe(
      'Nothing has changed: change something, or go back to the dashboard.',
    );
    expect(posts).toEqual([]);
    expect(asked).toEqual([]);
  });

  it('submits an edit to edit.update.url with the order id and the Version it was opened at', async () => {
    const { store, posts, calls } = harness();
    await store.order.open(41, 'edit');
    calls[0]?.resolve({ AvailableQuantity: 30 });
    await answered(store);
    store.setData('Orders.0.UnitsRequestedCount', 6);
    expect(await store.next()).toBe(true);
    expect(await store.submission.submit()).toBe(true);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe('/api/repositionbooking/update');
    expect(posts[0]?.body).toMatchObject({ BookingOrderId: 41, Version: 3, Acknowledged: [] });
    expect((posts[0]?.body.Orders as Record<string, unknown>[] | undefined)?.[0]).toMatchObject({
      RepositionBookingId: 501,
      UnitsRequestedCount: 6,
      OriginalUnitsRequestedCount: 4,
    });
    expect(store.step.kind).toBe('confirm');
  });

  it('keeps no draft and offers none while editing; the new request’s draft stays untouched', async () => {
    const storage = memoryStorage();
    const saved = JSON.stringify({
      stepId: 'request',
      data: { Contact: { ContactName: 'Draft' } },
      savedAt: 1,
    });
    storage.setItem(draftKey('reposition-booking'), saved);
    const { store } = harness(storage);
    expect(store.hasDraft).toBe(true);
    await store.order.open(41, 'edit');
    expect(store.hasDraft).toBe(false);
    store.setData('Contact.ContactName', 'Robin');
    expect(storage.getItem(draftKey('reposition-booking'))).toBe(saved);
    store.reset();
    expect(store.order.mode).toBe('new');
    expect(store.data).toEqual({});
    expect(store.hasDraft).toBe(true);
  });

  it('leaving an edit with changes asks in the edit’s words', async () => {
    const { store, asked } = harness();
    await store.order.open(41, 'edit');
    expect(await store.leave()).toBe(true);
    expect(asked).toEqual([]);
    store.setData('Contact.ContactName', 'Robin');
    expect(await store.leave()).toBe(true);
    expect(asked).toEqual([FLOW_MESSAGES.leaveEdit.message]);
  });

  it('discard in edit mode asks, then puts the order back as opened', async () => {
    const { store, asked } = harness();
    await store.order.open(41, 'edit');
    store.setData('Contact.ContactName', 'Robin');
    expect(await store.discard()).toBe(true);
    expect(asked).toEqual(['Do you want to cancel your changes?']);
    expect(store.order.mode).toBe('edit');
    expect(store.order.unchanged).toBe(true);
  });

  it('a 409 sets the conflict; order.reload() opens the order as it now is', async () => {
    const { store, posts, calls, replyWith, documentIs } = harness();
    await store.order.open(41, 'edit');
    calls[0]?.resolve({ AvailableQuantity: 30 });
    await answered(store);
    store.setData('Orders.0.UnitsRequestedCount', 6);
    await store.next();
    const message =
      'This order was changed by demo.staff at 10:02 after you opened it. Reload the order and make your changes again.';
    replyWith(() => Promise.reject(new FlowSubmitError(message, [], [], 409, 'ORDER_CHANGED')));
    expect(await store.submission.submit()).toBe(false);
    expect(store.order.conflict).toBe(message);
    expect(store.step.kind).toBe('review');
    documentIs(async () => orderDocument(4));
    expect(await store.order.reload()).toBe(true);
    expect(store.order.conflict).toBeNull();
    expect(store.order.editing).toEqual({ BookingOrderId: 41, Version: 4 });
    expect(store.order.unchanged).toBe(true);
    expect(posts).toHaveLength(1);
  });

  it('says why an order cannot be opened: the central message, or that it is not editable', async () => {
    const { store, documentIs } = harness();
    documentIs(() => Promise.reject(new Error('Booking order 41 was not found.')));
    expect(await store.order.open(41, 'edit')).toBe(false);
    expect(store.order.openError).toBe('Booking order 41 was not found.');
    expect(store.order.opening).toBe(false);
    // What stays is a fresh new request, never an edit without its order.
    expect(store.order.mode).toBe('new');
    expect(store.order.editing).toBeNull();
    documentIs(async () => ({ ...orderDocument(), CanEdit: false }));
    expect(await store.order.open(41, 'edit')).toBe(false);
    expect(store.order.openError).toBe(FLOW_MESSAGES.notEditable);
    // Load Booking does not need the right to edit.
    expect(await store.order.open(41, 'load')).toBe(true);
    expect(store.order.openError).toBeNull();
  });

  it('an order that arrives after reset() is dropped', async () => {
    const { store, documentIs } = harness();
    let deliver: (d: OrderDocument) => void = () => {};
    documentIs(() => new Promise((resolve) => (deliver = resolve)));
    const opened = store.order.open(41, 'edit');
    expect(store.order.opening).toBe(true);
    store.reset();
    deliver(orderDocument());
    expect(await opened).toBe(false);
    expect(store.order.mode).toBe('new');
    expect(store.data).toEqual({});
  });
});

describe('FlowStore Load Booking', () => {
  it('starts a new request prefilled from the order: no $edit parts, no Version, submit creates', async () => {
    const { store, posts, calls } = harness();
    expect(await store.order.open(41, 'load')).toBe(true);
    expect(store.order.mode).toBe('load');
    expect(store.order.editing).toBeNull();
    expect(store.order.original).toBeNull();
    expect((store.data.Orders as unknown[])[0]).toEqual({
      ToLocationId: 12,
      UnitsRequestedCount: 4,
      MotorCarrierId: 9,
      MotorCarrierName: 'MCAR',
      WithRedelivery: false,
      RedeliveryRequestedCount: 0,
    });
    calls[0]?.resolve({ AvailableQuantity: 30 });
    await answered(store);
    expect(await store.next()).toBe(true);
    expect(await store.submission.submit()).toBe(true);
    expect(posts[0]?.url).toBe('/api/repositionbooking/create');
    expect(posts[0]?.body).not.toHaveProperty('BookingOrderId');
    expect(posts[0]?.body).not.toHaveProperty('Version');
  });
});

describe('FlowStore step actions', () => {
  const header = {
    InventoryOrgCode: 'ORG1',
    FromLocationId: 11,
    EquipmentSize: 'Chassis.40',
    EquipmentClass: 'STD',
    Extendable: 'All',
    RepositionReasonCode: 'BAL',
  };

  it('runs an automatic action once its required inputs are filled, and merges the answer', async () => {
    const { store, calls } = harness();
    store.setData('Header', { InventoryOrgCode: 'ORG1', FromLocationId: 11 });
    expect(calls).toHaveLength(0); // size, class and extendable still empty
    store.setData('Header', header);
    expect(calls).toHaveLength(1);
    // CustomerId is optional (customers book for their own company): left out, not waited for.
    expect(calls[0]?.call).toEqual({
      method: 'POST',
      url: '/api/repositionbooking/availability',
      body: {
        InventoryOrgCode: 'ORG1',
        FromLocationId: 11,
        EquipmentSize: 'Chassis.40',
        EquipmentClass: 'STD',
        Extendable: 'All',
      },
    });
    expect(store.actions.running.has('availability')).toBe(true);
    calls[0]?.resolve({ AvailableQuantity: 17 });
    await answered(store);
    expect(store.actions.running.has('availability')).toBe(false);
    expect((store.data.Header as Record<string, unknown>).AvailableQuantity).toBe(17);
    store.setData('Header.RepositionReasonCode', 'OTHER'); // not an `on` field: no new call
    expect(calls).toHaveLength(1);
  });

  it('sends $order.BookingOrderId in edit mode, so the server adds back what the order holds', async () => {
    const { store, calls } = harness();
    await store.order.open(41, 'edit');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.call.body).toMatchObject({ FromLocationId: 11, BookingOrderId: 41 });
    calls[0]?.resolve({ AvailableQuantity: 30 });
    await answered(store);
    // The server's answer is not the user's change.
    expect(store.order.unchanged).toBe(true);
    expect((store.data.Header as Record<string, unknown>).AvailableQuantity).toBe(30);
  });

  it('drops an answer for data that changed meanwhile; the newer call’s answer lands', async () => {
    const { store, calls } = harness();
    store.setData('Header', header);
    store.setData('Header.FromLocationId', 14);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve({ AvailableQuantity: 5 });
    await answered(store);
    calls[0]?.resolve({ AvailableQuantity: 99 });
    await settle();
    expect((store.data.Header as Record<string, unknown>).AvailableQuantity).toBe(5);
    expect(store.actions.running.size).toBe(0);
  });

  it('keeps a failure by action id and clears it on the next run', async () => {
    const { store, calls } = harness();
    store.setData('Header', header);
    calls[0]?.reject(new Error('Inventory service unavailable'));
    await answered(store);
    expect(store.actions.errors).toEqual({ availability: 'Inventory service unavailable' });
    const run = store.actions.run('availability');
    expect(store.actions.errors).toEqual({});
    calls[1]?.resolve({ AvailableQuantity: 3 });
    expect(await run).toBe(true);
  });

  it('an answer neither ends the draft offer nor overwrites the draft; an unchanged value keeps confirmations', async () => {
    const storage = memoryStorage();
    const saved = JSON.stringify({
      stepId: 'request',
      data: { Contact: { ContactName: 'Draft' } },
      savedAt: 1,
    });
    storage.setItem(draftKey('reposition-booking'), saved);
    const { store, calls } = harness(storage);
    // Load Booking ends the offer by design; a plain answer must not.
    const first = store.actions.run('availability');
    calls[0]?.resolve({ AvailableQuantity: 8 });
    expect(await first).toBe(true);
    expect(store.hasDraft).toBe(true);
    expect(storage.getItem(draftKey('reposition-booking'))).toBe(saved);
    store.answers.tick('reposition.over-available');
    const same = store.actions.run('availability');
    calls[1]?.resolve({ AvailableQuantity: 8 });
    expect(await same).toBe(true);
    expect(store.answers.ticked.has('reposition.over-available')).toBe(true);
    const lower = store.actions.run('availability');
    calls[2]?.resolve({ AvailableQuantity: 2 });
    expect(await lower).toBe(true);
    expect(store.answers.ticked.has('reposition.over-available')).toBe(false);
  });
});

describe('step action calls', () => {
  const contract: StepAction = {
    id: 'contract',
    method: 'GET',
    url: '/api/longtermbooking/getContractInfo/{Header.ContractId}',
    into: { 'Header.Contract': '' },
  };

  it('fills a GET url’s placeholders from the data (encoded), or names the empty ones', () => {
    expect(prepareCall(contract, { Header: { ContractId: 'TL 7/1' } }, { edit: false })).toEqual({
      call: { method: 'GET', url: '/api/longtermbooking/getContractInfo/TL%207%2F1' },
      missing: [],
    });
    expect(prepareCall(contract, { Header: {} }, { edit: false })).toEqual({
      call: null,
      missing: ['Header.ContractId'],
    });
  });

  it('reads the whole answer for an into path of ""', () => {
    expect(answerParts(contract, { Number: 'TL7' })).toEqual([['Header.Contract', { Number: 'TL7' }]]);
  });

  it('a button run with an empty url field says which field to fill, by its label', async () => {
    // The reposition flow has no GET action; its request step gets one for this run.
    const { store, calls } = harness(memoryStorage(), (flow) => ({
      ...flow,
      steps: flow.steps.map((s, i) =>
        i === 0 ? { ...s, actions: [{ ...contract, url: '/api/x/{Header.FromLocationId}' }] } : s,
      ),
    }));
    expect(await store.actions.run('contract')).toBe(false);
    expect(store.actions.errors).toEqual({
      contract: 'Fill in Origin and equipment › Origin location first.',
    });
    expect(calls).toHaveLength(0);
  });
});

describe('FlowStore and a form’s defaults', () => {
  it('a form filling in its defaults on mount is no edit: the draft stays on offer, nothing to discard', () => {
    const storage = memoryStorage();
    const saved = JSON.stringify({
      stepId: 'request',
      data: { Contact: { ContactName: 'Draft' } },
      savedAt: 1,
    });
    storage.setItem(draftKey('reposition-booking'), saved);
    const { store, calls } = harness(storage);
    // What RJSF hands back on mount: each group with its schema defaults.
    store.setSections({
      Header: { Extendable: 'All' },
      Orders: [],
      Contact: { SendToExternalParties: false },
    });
    expect(store.hasDraft).toBe(true);
    expect(store.dirty).toBe(false);
    expect(storage.getItem(draftKey('reposition-booking'))).toBe(saved);
    expect(calls).toHaveLength(0);
    store.setData('Contact.ContactName', 'Robin');
    expect(store.hasDraft).toBe(false);
    expect(store.dirty).toBe(true);
  });
});

describe('change labels', () => {
  // Issue 25: a person reads the schema's titles, never the data's field names.
  it('name a term lease redelivery chassis by titles: no field path', () => {
    const flow = catalog.flows.find((f) => f.id === 'term-lease-redelivery') as LoadedFlow;
    const label = labelOf(flowDataSchema(flow), 'Redelivery.GroupLineItems.1.LineItemDetails.4.IsDeleted');
    expect(label).toMatch(/Contract lines 2 › Chassis 5 › Removed$/);
    expect(label).not.toMatch(/[A-Z][a-z]+[A-Z]/); // no CamelCase field name left
  });
});
