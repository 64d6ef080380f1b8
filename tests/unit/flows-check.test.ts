import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { productFlowParts } from '../../scripts/flow-parts';
import { ENTITIES } from '../../src/domain/permissions';
import type { BookingTypeDescription } from '../../src/engine/core/booking-type-checks';
import flowFileSchema from '../../src/engine/core/flow-file.schema.json' with { type: 'json' };
import { formatProblem } from '../../src/engine/core/load';
import { checkFlows } from '../../src/engine/node/flows-check';
import { PRODUCT_BOOKING_TYPES } from '../../src/server/bookings/product-types';
import { describeBookingTypes } from '../../src/server/bookings/registry';

const broken = (name: string) => join(import.meta.dirname, '../fixtures/broken-flows', name);

/** A registry for the broken reposition copies: RP books and updates through repositionBooking. */
const REGISTRY: BookingTypeDescription[] = [
  { orderType: 'PB', name: 'Pool Booking', booker: 'poolBooking' },
  { orderType: 'RP', name: 'Reposition Booking', booker: 'repositionBooking', updater: 'repositionBooking' },
];

describe('flows:check', () => {
  it('passes the real flows, against the real booking-type registry, and finds the generated types up to date', async () => {
    const result = await checkFlows(productFlowParts, undefined, {
      bookingTypes: describeBookingTypes(PRODUCT_BOOKING_TYPES),
    });
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(result.flowCount).toBeGreaterThanOrEqual(3);
    expect(result.typesStale).toBe(false);
  });

  it.each([
    ['missing-submit', '$', /required property 'submit'/, /flow-file\.schema\.json/],
    ['bad-ref', '$.steps[0].schema.$ref', /no-such\.schema\.json.*does not exist/, /existing file/],
    ['unknown-rule', '$.steps[0].rules[5]', /no rule has the id pool\.no-such-rule/, /src\/rules/],
    [
      'rule-reads-missing-field',
      '$.steps[0].rules[4]',
      /contact\.email-list reads "Contact\.EmailAddresses"/,
      /field the step's schema defines/,
    ],
    [
      'unknown-widget',
      '$.steps[0].uiSchema.AvailableUnits.ui:field',
      /no widget is registered as "availableUnitz"/,
      /availableUnits/,
    ],
    ['unreachable-step', '$.steps[1]', /step review can never be reached/, /remove it/],
    [
      'unknown-confirm-view',
      '$.confirmView',
      /no confirm view is registered as "chassisVerdictz"/,
      /bookingTable/,
    ],
    [
      'edit-load-unknown-field',
      '$.edit.load.Header.EquipmentSise',
      /fills "Header\.EquipmentSise", which is not a field/,
      /request step's schema/,
    ],
    [
      'edit-load-reads-missing',
      '$.edit.load.Contact.ContactName',
      /reads "ContactNme", which the order document does not have/,
      /booking-order\.ts.*Details/,
    ],
    [
      'edit-load-literal',
      '$.edit.load.Orders.IsEditMode.$edit',
      /true is neither a path nor a template/,
      /\{ "\$value": true \}/,
    ],
    [
      'action-send-missing-field',
      '$.steps[0].actions[0].send.FromLocationId',
      /action availability sends "Header\.FromLocation", which is not a field/,
      /dotted path to a field/,
    ],
    [
      'action-into-missing-field',
      '$.steps[0].actions[0].into.Header.Available',
      /action availability fills "Header\.Available"/,
      /dotted path to a field/,
    ],
    [
      'action-on-missing-field',
      '$.steps[0].actions[0].on[1]',
      /action availability watches "Header\.Origin"/,
      /dotted path to a field/,
    ],
    [
      'summary-not-summary',
      '$.submit.summary[1]',
      /contact\.email-list is a error rule, not a summary/,
      /kind summary/,
    ],
    [
      'prefill-unknown-field',
      '$.prefill.depot',
      /"Equipment\.Depot" is not a field of the flow's request steps/,
      /Equipment\.MarketCode/,
    ],
    [
      'action-order-field',
      '$.steps[0].actions[0].send.BookingOrderId',
      /"\$order\.CustomerId" is not a field of the edited order/,
      /\$order\.BookingOrderId, \$order\.Version/,
    ],
  ])('names the file, path and fix for %s', async (name, path, message, fix) => {
    const { problems } = await checkFlows(productFlowParts, [broken(name)]);
    expect(problems.length).toBeGreaterThan(0);
    const problem = problems.find((p) => p.path === path);
    expect(problem, problems.map(formatProblem).join('\n')).toBeDefined();
    expect(problem?.file).toBe(`${name}.flow.json`);
    expect(problem?.message).toMatch(message);
    expect(problem?.fix).toMatch(fix);
  });

  it.each([
    [
      'unknown-order-type',
      '$.orderType',
      /no booking type is registered for order type ZZ/,
      /PB, RP.*src\/server\/bookings, listed in product-types\.ts/,
    ],
    [
      'wrong-booker',
      '$.submit.booker',
      /Reposition Booking \(RP\) books through "repositionBooking", not "repositionBookr"/,
      /"booker": "repositionBooking"/,
    ],
    [
      'wrong-updater',
      '$.edit.update.updater',
      /is updated through "repositionBooking", not "repositionUpdatr"/,
      /"updater": "repositionBooking"/,
    ],
  ])('checks %s against the booking-type registry', async (name, path, message, fix) => {
    const { problems } = await checkFlows(productFlowParts, [broken(name)], { bookingTypes: REGISTRY });
    expect(problems.map((p) => [p.file, p.path])).toEqual([[`${name}.flow.json`, path]]);
    expect(problems[0]?.message).toMatch(message);
    expect(problems[0]?.fix).toMatch(fix);
  });

  it('refuses edit.update for an order type whose registry entry has no updater', async () => {
    const { problems } = await checkFlows(productFlowParts, [broken('wrong-updater')], {
      bookingTypes: [{ orderType: 'RP', name: 'Reposition Booking', booker: 'repositionBooking' }],
    });
    expect(problems.map((p) => p.message)).toEqual([
      'Reposition Booking (RP) has no updater: its orders are not editable',
    ]);
    expect(problems[0]?.fix).toMatch(/drop edit\.update \(Load Booking still works\)/);
  });

  it('lists in the flow-file schema exactly the permission entities of SPEC §6', () => {
    const entity = flowFileSchema.properties.permissions.items.properties.entity;
    expect([...entity.enum].sort()).toEqual([...ENTITIES].sort());
  });
});
