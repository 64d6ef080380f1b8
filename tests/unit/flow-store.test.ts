import { beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../src/app/storage';
import { FLOW_MESSAGES } from '../../src/domain/messages';
import { createFlowAjv } from '../../src/engine/core/ajv';
import type { SchemaValidator } from '../../src/engine/core/check-data';
import { draftKey } from '../../src/engine/core/draft';
import {
  type FlowStoreServices,
  FlowSubmitError,
  type FlowSubmitResult,
} from '../../src/engine/core/flow-services';
import { FlowStore } from '../../src/engine/core/flow-store';
import { type FlowCatalog, loadFlowCatalogOrThrow } from '../../src/engine/core/load';
import { readFlowSources, validateFlowFile } from '../../src/engine/node/sources';
import { ruleEngine } from '../../src/rules/rule-engine';

/** The real flow files, validated by ajv compiled in Node (the browser uses the precompiled code). */
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

const OVER_AVAILABLE = 'customer-booking.over-available';
const CHARGES = 'daily-lease.charges-acknowledged';

const RESULT: FlowSubmitResult = {
  BookingOrderId: 7,
  BookingOrderTypeCode: 'PB',
  StatusCode: 'OP',
  PendingReview: false,
  Message: 'Booked',
  Bookings: [],
};

/** Services a test steers: confirm answers from a queue, submit records its calls. */
function harness(flowId: string, storage = memoryStorage()) {
  const asked: string[] = [];
  const answers: boolean[] = [];
  const posts: { url: string; body: Record<string, unknown>; key: string }[] = [];
  let reply: () => Promise<FlowSubmitResult> = async () => RESULT;
  let keys = 0;
  const services: FlowStoreServices = {
    submit: (url, body, key) => {
      posts.push({ url, body, key });
      return reply();
    },
    confirm: async (message) => {
      asked.push(message);
      return answers.shift() ?? true;
    },
    // These flows open no order and run no action here (tests/unit/flow-store-edit.test.ts does).
    loadOrder: () => Promise.reject(new Error('no order is opened in these tests')),
    request: () => Promise.reject(new Error('no action runs in these tests')),
    messages: FLOW_MESSAGES,
    storage,
    now: () => 1_700_000_000_000,
    newKey: () => `key-${++keys}`,
  };
  const flow = catalog.flows.find((f) => f.id === flowId);
  if (!flow) throw new Error(flowId);
  const store = new FlowStore(flow, catalog.limits, validate, services);
  return {
    store,
    storage,
    asked,
    posts,
    answer: (...a: boolean[]) => answers.push(...a),
    replyWith: (r: () => Promise<FlowSubmitResult>) => {
      reply = r;
    },
  };
}

const units = (requested: number, available = 10) => [
  { LocationId: 11, Available: available, CustomerBooking: { UnitsRequestedCount: requested } },
];

function fillPool(store: FlowStore, requested = 2, available = 10) {
  store.setData('Equipment', { MarketCode: 'CHI', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' });
  store.setData('AvailableUnits', units(requested, available));
  store.setData('Contact', { ContactName: 'Casey', EmailAddresses: 'casey@example.com' });
}

const messages = (store: FlowStore) => Object.fromEntries(store.fieldErrors.map((e) => [e.field, e.message]));

describe('FlowStore request step', () => {
  it('starts clean on the first step', () => {
    const { store } = harness('pool-booking');
    expect(store.step.kind).toBe('request');
    expect(store.dirty).toBe(false);
    expect(store.hasDraft).toBe(false);
  });

  it('blocks Next with our messages, then follows the data as it is fixed', async () => {
    const { store } = harness('pool-booking');
    store.setData('Contact.ContactName', 'Casey');
    expect(await store.next()).toBe(false);
    expect(store.step.id).toBe('request');
    expect(messages(store)).toMatchObject({
      'Contact.EmailAddresses': 'Enter at least one email address.',
      Equipment: 'Location and equipment is required.',
    });
    store.setData('Contact.EmailAddresses', 'not-an-address');
    // Every problem of the step at once (issue 14): the bad address is said while others remain.
    expect(messages(store)['Contact.EmailAddresses']).toBe('Invalid email address: not-an-address');
    expect(messages(store).Equipment).toBe('Location and equipment is required.');
    fillPool(store);
    store.setData('Contact.EmailAddresses', 'not-an-address');
    // The message names what is wrong (issue 14).
    expect(messages(store)).toEqual({ 'Contact.EmailAddresses': 'Invalid email address: not-an-address' });
  });

  it('moves to review when the data passes and nothing needs asking', async () => {
    const { store, asked } = harness('pool-booking');
    fillPool(store);
    expect(await store.next()).toBe(true);
    expect(store.step.kind).toBe('review');
    expect(asked).toEqual([]);
  });

  it('asks a confirm rule: Cancel stays, OK proceeds and records the answer', async () => {
    const { store, asked, answer } = harness('pool-booking');
    fillPool(store, 12, 10);
    answer(false);
    expect(await store.next()).toBe(false);
    expect(store.step.id).toBe('request');
    // The question names where and by how much (the row has no name here: its location id says where).
    expect(asked[0]).toMatch(/more units than are available \(location 11: 12 requested, 10 available\)/);
    answer(true);
    expect(await store.next()).toBe(true);
    expect(store.submission.body.Acknowledged).toEqual([OVER_AVAILABLE]);
    store.back();
    store.setData('AvailableUnits', units(13, 10)); // changed data: the answer no longer holds
    expect(store.submission.body.Acknowledged).toEqual([]);
  });

  it('blocks on an unticked acknowledgement until it is ticked', async () => {
    const { store } = harness('daily-lease-booking');
    store.setData('Equipment', { MarketCode: 'LAX', EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' });
    store.setData('AvailableUnits', [
      { LocationId: 5, Available: 9, DailyLeaseBooking: { UnitsRequestedCount: 1 } },
    ]);
    store.setData('Contact', { ContactName: 'Casey', EmailAddresses: 'casey@example.com' });
    expect(store.answers.acknowledgements.map((a) => a.ruleId)).toEqual([CHARGES]);
    expect(await store.next()).toBe(false);
    expect(store.answers.blocked).toEqual([CHARGES]);
    store.answers.tick(CHARGES);
    expect(store.answers.blocked).toEqual([]);
    expect(await store.next()).toBe(true);
    expect(store.submission.body.Acknowledged).toEqual([CHARGES]);
  });

  // Issue 25: a forEach acknowledgement is a statement per element (here per contract line): each
  // is its own box, there as soon as the data asks for it, and one ticked does not answer another.
  it('asks a forEach acknowledgement once per contract line, as soon as the line asks for it', async () => {
    const RENTAL = 'term-redelivery.min-rental-period-override';
    const { store } = harness('term-lease-redelivery');
    const line = (contract: string, id: number, overridden: boolean) => ({
      ContractId: id,
      ContractNumber: contract,
      EquipmentLineId: id,
      LineItemDetails: [
        {
          ChassisId: `PLCZ00000${id}`,
          ChassisMasterId: id,
          LocationId: 7,
          MinRentalPeriodOverrideApplied: overridden,
        },
      ],
    });
    store.setData('Search', { ChassisIds: ['PLCZ000001', 'PLCZ000002'] });
    store.setData('Contact', { ContactName: 'Casey', EmailAddresses: 'casey@example.com' });
    store.setData('Redelivery', { GroupLineItems: [line('TL-A', 1, true), line('TL-B', 2, false)] });
    expect(store.answers.acknowledgements.map((a) => a.message)).toEqual([
      'The minimum rental period override on contract TL-A may bring early return fees. I accept them.',
    ]);
    // The second line's override: its own box at once, without a Next.
    store.setData('Redelivery', { GroupLineItems: [line('TL-A', 1, true), line('TL-B', 2, true)] });
    const [a, b] = store.answers.acknowledgements;
    expect(store.answers.acknowledgements.map((x) => x.message)).toEqual([
      'The minimum rental period override on contract TL-A may bring early return fees. I accept them.',
      'The minimum rental period override on contract TL-B may bring early return fees. I accept them.',
    ]);
    expect(store.answers.unansweredAbout('Redelivery.GroupLineItems.1').map((x) => x.key)).toEqual([b?.key]);
    store.answers.tick(a?.key ?? '');
    expect(await store.next()).toBe(false);
    expect(store.answers.blocked).toEqual([b?.key]);
    store.answers.tick(b?.key ?? '');
    expect(store.answers.unansweredAbout('Redelivery.GroupLineItems')).toEqual([]);
    expect(await store.next()).toBe(true);
    // The server reads answers by rule id: the rule is answered once every line's box is ticked.
    expect(store.submission.body.Acknowledged).toEqual([RENTAL]);
  });

  it('reports each bad chassis ID on its own index', async () => {
    const { store } = harness('reuse-booking');
    store.setData('Chassis', { ChassisIds: ['PLCZ123456', 'BAD1', 'PLCZ-654321'] });
    store.setData('Contact', { ContactName: 'Casey', EmailAddresses: 'casey@example.com' });
    expect(await store.next()).toBe(false);
    expect(Object.keys(messages(store))).toEqual(['Chassis.ChassisIds.1']);
    expect(messages(store)['Chassis.ChassisIds.1']).toMatch(/^BAD1 is not a valid chassis ID/);
  });
});

describe('FlowStore started by a link (prefill)', () => {
  it("takes the flow's prefill parameters as starting values, typed as their fields, and nothing else", () => {
    const { store } = harness('inventory-booking');
    store.setData('Contact', { ContactName: 'Casey', EmailAddresses: 'casey@example.com' });
    store.startFrom({ customer: '17', market: 'LAX', size: 'Chassis.40', depot: 'ignored' });
    expect(store.data.Equipment).toEqual({ CustomerId: 17, MarketCode: 'LAX', EquipmentSize: 'Chassis.40' });
    // A fresh request: what was typed before is gone, and the link's values are no edit of the user's.
    expect(store.data.Contact).toBeUndefined();
    expect(store.dirty).toBe(false);
  });

  it('leaves out a value that does not fit its field, for the form to ask', () => {
    const { store } = harness('inventory-booking');
    store.startFrom({ customer: 'ACME', market: 'SEA' });
    expect(store.data.Equipment).toEqual({ MarketCode: 'SEA' });
  });
});

describe('FlowStore review and submit', () => {
  it('Back and Edit return to the request step; Edit names the section', async () => {
    const { store } = harness('pool-booking');
    fillPool(store);
    await store.next();
    store.back();
    expect(store.step.kind).toBe('request');
    await store.next();
    store.edit('Contact');
    expect(store.step.kind).toBe('request');
    expect(store.focusedSection).toBe('Contact');
    expect(await store.next()).toBe(true);
    expect(store.focusedSection).toBeNull();
  });

  it('asks before it submits and does not post on Cancel', async () => {
    const { store, asked, posts, answer } = harness('pool-booking');
    fillPool(store);
    await store.next();
    answer(false);
    expect(await store.submission.submit()).toBe(false);
    expect(asked).toEqual(['Do you want to submit this pool booking?']);
    expect(posts).toEqual([]);
  });

  it('summarises what will be booked in the submit confirmation (submit.summary rules)', async () => {
    const { store } = harness('pool-booking');
    fillPool(store, 2);
    store.setData('AvailableUnits', [
      {
        LocationId: 11,
        LocationName: 'Chicago Yard',
        Available: 10,
        CustomerBooking: { UnitsRequestedCount: 2 },
      },
      { LocationId: 12, Available: 5, CustomerBooking: { UnitsRequestedCount: 1 } },
      { LocationId: 13, Available: 5, CustomerBooking: { UnitsRequestedCount: 0 } },
    ]);
    expect(store.submission.summary).toEqual([
      { note: 'Units per location:', message: '3 unit(s) at 2 location(s): Chicago Yard 2, location 12 1' },
    ]);
  });

  it('posts once despite a double click, then shows the result and clears the draft', async () => {
    const { store, posts, storage, replyWith } = harness('pool-booking');
    fillPool(store);
    await store.next();
    let release: (r: FlowSubmitResult) => void = () => {};
    replyWith(() => new Promise((resolve) => (release = resolve)));
    const first = store.submission.submit();
    const second = store.submission.submit();
    expect(await second).toBe(false);
    await Promise.resolve();
    expect(store.submission.submitting).toBe(true);
    release(RESULT);
    expect(await first).toBe(true);
    expect(posts).toHaveLength(1);
    expect(posts[0]?.url).toBe('/api/poolbooking/create');
    expect(posts[0]?.body).toMatchObject({ Contact: { ContactName: 'Casey' }, Acknowledged: [] });
    expect(store.step.kind).toBe('confirm');
    expect(store.submission.result).toEqual(RESULT);
    expect(store.dirty).toBe(false);
    expect(storage.getItem(draftKey('pool-booking'))).toBeNull();
  });

  it('maps server errors onto fields, keeps the key for a retry and renews it when data changes', async () => {
    const { store, posts, replyWith } = harness('pool-booking');
    fillPool(store);
    await store.next();
    replyWith(async () => {
      throw new FlowSubmitError('Check the contact.', [
        { field: 'Contact.EmailAddresses', message: 'Mailbox unknown' },
      ]);
    });
    expect(await store.submission.submit()).toBe(false);
    expect(store.step.kind).toBe('request');
    expect(store.focusedSection).toBe('Contact');
    expect(store.submission.message).toBe('Check the contact.');
    expect(messages(store)).toEqual({ 'Contact.EmailAddresses': 'Mailbox unknown' });
    await store.next();
    await store.submission.submit();
    expect(posts.map((p) => p.key)).toEqual(['key-1', 'key-1']);
    store.edit('Contact');
    store.setData('Contact.EmailAddresses', 'ops@example.com');
    await store.next();
    replyWith(async () => RESULT);
    await store.submission.submit();
    expect(posts.map((p) => p.key)).toEqual(['key-1', 'key-1', 'key-2']);
  });

  it('sends unanswered questions back to the request step to be asked again', async () => {
    const { store, asked, replyWith } = harness('pool-booking');
    fillPool(store, 12, 10);
    await store.next();
    const verdict = {
      ruleId: OVER_AVAILABLE,
      kind: 'confirm' as const,
      field: 'AvailableUnits',
      message: 'More?',
    };
    replyWith(async () => {
      throw new FlowSubmitError('Please answer', [], [verdict]);
    });
    await store.submission.submit();
    expect(store.step.kind).toBe('request');
    expect(store.submission.body.Acknowledged).toEqual([]);
    await store.next();
    expect(asked.filter((m) => /more units/.test(m))).toHaveLength(2);
  });
});

describe('FlowStore discard, reset and drafts', () => {
  it('discard asks only when something would be lost', async () => {
    const { store, asked, answer, storage } = harness('pool-booking');
    expect(await store.discard()).toBe(true);
    expect(asked).toEqual([]);
    fillPool(store);
    answer(false);
    expect(await store.discard()).toBe(false);
    expect(store.dirty).toBe(true);
    expect(asked).toEqual(['Do you want to cancel your changes?']);
    expect(await store.discard()).toBe(true);
    expect(store.dirty).toBe(false);
    expect(storage.getItem(draftKey('pool-booking'))).toBeNull();
  });

  it('leave asks only when something is typed, says the work stays as a draft, and keeps it', async () => {
    const { store, asked, answer, storage } = harness('pool-booking');
    expect(await store.leave()).toBe(true);
    expect(asked).toEqual([]);
    fillPool(store);
    answer(false);
    expect(await store.leave()).toBe(false);
    expect(asked).toEqual([FLOW_MESSAGES.leaveRequest.message]);
    expect(await store.leave()).toBe(true);
    expect(storage.getItem(draftKey('pool-booking'))).not.toBeNull();
  });

  it('reset gives a fresh flow and keeps the draft on offer', async () => {
    const { store } = harness('pool-booking');
    fillPool(store, 12, 10);
    await store.next();
    const key = store.submission.idempotencyKey;
    store.reset();
    expect(store.step.id).toBe('request');
    expect(store.data).toEqual({});
    expect(store.submission.body.Acknowledged).toEqual([]);
    expect(store.submission.idempotencyKey).not.toBe(key);
    expect(store.hasDraft).toBe(true);
  });

  it('offers the saved draft after a reload; Restore brings it back, Discard drops it', async () => {
    const storage = memoryStorage();
    const first = harness('pool-booking', storage).store;
    fillPool(first);
    await first.next();
    expect(JSON.parse(storage.getItem(draftKey('pool-booking')) ?? '{}')).toMatchObject({
      stepId: 'review',
      savedAt: 1_700_000_000_000,
    });
    const reloaded = harness('pool-booking', storage).store;
    expect(reloaded.hasDraft).toBe(true);
    reloaded.restoreDraft();
    expect(reloaded.hasDraft).toBe(false);
    expect(reloaded.data).toEqual(first.data);
    // Confirmations are not saved: the restored flow re-enters review through Next.
    expect(reloaded.step.id).toBe('request');
    const third = harness('pool-booking', storage).store;
    third.draft.drop();
    expect(harness('pool-booking', storage).store.hasDraft).toBe(false);
  });
});
