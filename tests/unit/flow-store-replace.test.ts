/**
 * Issue 32, development: new flow files reach an open FlowStore in place (FlowStore.replaceFlow).
 * It keeps what the user typed, the step and the mode, and checks the request step against the new
 * rules at once, so the open form says what the changed rule or limit makes of the data.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { memoryStorage } from '../../src/app/storage';
import { FLOW_MESSAGES } from '../../src/domain/messages';
import { createFlowAjv } from '../../src/engine/core/ajv';
import type { SchemaValidator } from '../../src/engine/core/check-data';
import type { OpenedOrder } from '../../src/engine/core/flow-services';
import { FlowStore } from '../../src/engine/core/flow-store';
import { type FlowCatalog, loadFlowCatalogOrThrow } from '../../src/engine/core/load';
import { readFlowSources, validateFlowFile } from '../../src/engine/node/sources';
import { ruleEngine } from '../../src/rules/rule-engine';

let validate: SchemaValidator;
beforeAll(() => {
  const ajv = createFlowAjv();
  validate = (step, data) => {
    const fn = ajv.getSchema(String(step.schema?.$id)) ?? ajv.compile(step.schema as object);
    return fn(data) ? [] : [...(fn.errors ?? [])];
  };
});

/** The real files, with poolRedeliveryChassisMax as an analyst set it. */
function catalogWith(poolRedeliveryChassisMax: number): FlowCatalog {
  const sources = readFlowSources();
  const limits = { ...(sources.limits as Record<string, unknown>), poolRedeliveryChassisMax };
  return loadFlowCatalogOrThrow({ ...sources, limits }, { validateFile: validateFlowFile, ruleEngine });
}
const poolRedelivery = (catalog: FlowCatalog) => {
  const flow = catalog.flows.find((f) => f.id === 'pool-redelivery');
  if (!flow) throw new Error('pool-redelivery');
  return flow;
};

const SIX = ['PLCZ000001', 'PLCZ000002', 'PLCZ000003', 'PLCZ000004', 'PLCZ000005', 'PLCZ000006'];
const tooMany = (n: number) =>
  `At most ${n} chassis can be redelivered at a time: split the list into several redeliveries.`;
const today = new Date().toISOString().slice(0, 10);

function openStore() {
  const catalog = catalogWith(1000);
  return new FlowStore(poolRedelivery(catalog), catalog.limits, validate, {
    submit: () => Promise.reject(new Error('nothing is submitted here')),
    confirm: async () => true,
    // Load Booking: a new request prefilled from an earlier order (the mode must survive new files).
    loadOrder: async () =>
      ({
        BookingOrderId: 9,
        Version: 1,
        CustomerId: 7,
        Details: { LocationId: 11, ReasonCode: 'EOS' },
        Chassis: SIX,
        ContactName: 'Casey',
        EmailAddresses: 'casey@example.com',
      }) as unknown as OpenedOrder,
    request: () => Promise.reject(new Error('no action runs here')),
    messages: FLOW_MESSAGES,
    storage: memoryStorage(),
    now: () => 1_700_000_000_000,
  });
}

const messages = (store: FlowStore) => store.fieldErrors.map((e) => e.message);

describe('FlowStore.replaceFlow', () => {
  it('keeps the data and mode, and checks the step against the new limit at once', async () => {
    const store = openStore();
    expect(await store.order.open(9, 'load')).toBe(true);
    store.setData('Redelivery.RedeliveryDate', today);
    expect(store.fieldErrors).toEqual([]);
    const data = store.data;

    const lowered = catalogWith(5);
    store.replaceFlow(poolRedelivery(lowered), lowered.limits, validate);
    expect(store.order.mode).toBe('load');
    expect(store.step.id).toBe('request');
    expect(store.data).toBe(data);
    expect(store.limits.poolRedeliveryChassisMax).toBe(5);
    expect(messages(store)).toEqual([tooMany(5)]);

    // From then on the errors follow the data, as after a blocked Next.
    store.setData('Chassis.ChassisIds', SIX.slice(0, 5));
    expect(store.fieldErrors).toEqual([]);
    expect(await store.next()).toBe(true);
    expect(store.step.id).toBe('review');
  });

  it('leaves the rule quiet when the new limit accepts the data', () => {
    const store = openStore();
    store.setData('Chassis.ChassisIds', SIX);
    const raised = catalogWith(6);
    store.replaceFlow(poolRedelivery(raised), raised.limits, validate);
    expect(messages(store).some((m) => m.includes('chassis can be redelivered at a time'))).toBe(false);
  });
});
