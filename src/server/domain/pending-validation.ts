/**
 * SPEC §5 "The server can be asked to validate a pending request. What it checks is not shown."
 * We check, now, what accepting the request would depend on (docs/decisions.md "Pending queue"):
 * - availability: pool-drawing orders (PB, DL, RP) — every location still open and holding the
 *   units requested (availableUnitsAt, the count accept checks) — else NO_INVENTORY / LOCATION_CLOSED;
 * - standing: the customer is active and in good standing — else CREDIT_HOLD;
 * - threshold: orders that count toward the weekly threshold — this order's units plus the rest of
 *   the week it was made in stay within every cap that applies — else THRESHOLD_EXCEEDED;
 * - contract: term-lease orders (TL, TR) — their contract is active today — else CONTRACT_EXPIRED.
 * Only the checks that apply to the order type are run. The verdict (first failure, or passed) and
 * every check's message are kept with the request; the queue shows them.
 */
import type { Kysely } from 'kysely';
import { orderTypesWhere } from '../../domain/booking-type-facts';
import type { PendingOutcome, ValidationCheck } from '../../schemas/pending';
import type { FlowDeps } from '../bookings/flow-submission';
import type { Database } from '../db/types';
import { poolYardsOf } from './availability';
import { actorOf, recordOrderChange } from './order-audit';
import {
  describeShortfall,
  eachRequest,
  type LockedOrder,
  lockOpenRequest,
  type PendingBooking,
  shortfallsOf,
} from './pending-decisions';
import type { PresentOptions } from './pending-requests';
import type { Viewer } from './viewer';
import { THRESHOLD_ORDER_TYPES, weeklyThresholdUsage } from './weekly-threshold';

/** Order types booked against a term lease contract. */
export const CONTRACT_ORDER_TYPES: readonly string[] = orderTypesWhere((f) => f.underContract);

const pass = (check: ValidationCheck['Check'], message: string): ValidationCheck => ({
  Check: check,
  Passed: true,
  FailureCode: null,
  Message: message,
});
const fail = (check: ValidationCheck['Check'], code: string, message: string): ValidationCheck => ({
  Check: check,
  Passed: false,
  FailureCode: code,
  Message: message,
});

async function availabilityCheck(
  trx: Kysely<Database>,
  order: LockedOrder,
  bookings: readonly PendingBooking[],
): Promise<ValidationCheck> {
  const closed = bookings.filter((b) => !b.active);
  if (closed.length > 0)
    return fail(
      'availability',
      'LOCATION_CLOSED',
      `${[...new Set(closed.map((b) => `${b.location_name} (${b.location_id})`))].join(', ')} is closed.`,
    );
  const shortfalls = await shortfallsOf(trx, order.booking_order_type_code, bookings);
  if (shortfalls.length > 0) {
    const text = shortfalls.map(describeShortfall).join('; ');
    return fail('availability', 'NO_INVENTORY', `${text.charAt(0).toUpperCase()}${text.slice(1)}.`);
  }
  return pass('availability', 'Every location has the units requested available now.');
}

async function standingCheck(trx: Kysely<Database>, order: LockedOrder): Promise<ValidationCheck> {
  const c = await trx
    .selectFrom('customers')
    .select(['customer_name', 'scac', 'active', 'good_standing'])
    .where('customer_id', '=', order.customer_id)
    .executeTakeFirstOrThrow();
  const who = `${c.customer_name} (${c.scac})`;
  if (!c.active) return fail('standing', 'CREDIT_HOLD', `${who} is no longer an active customer.`);
  if (!c.good_standing)
    return fail('standing', 'CREDIT_HOLD', `${who} is not in good standing: its account is on hold.`);
  return pass('standing', `${who} is in good standing.`);
}

async function thresholdCheck(
  trx: Kysely<Database>,
  order: LockedOrder,
  bookings: readonly PendingBooking[],
): Promise<ValidationCheck> {
  if (order.market_code === null)
    return pass('threshold', 'The order names no market: no weekly threshold applies.');
  const categories = [...new Set(bookings.map((b) => b.equipment_category_code))];
  const seen = new Set<number>();
  const lines: string[] = [];
  for (const category of categories) {
    const usage = await weeklyThresholdUsage(
      trx,
      { customerId: order.customer_id, marketCode: order.market_code, category },
      { weekOf: new Date(order.created_at), excludeOrderId: order.booking_order_id },
    );
    for (const t of usage) {
      if (seen.has(t.thresholdId)) continue;
      seen.add(t.thresholdId);
      const mine = bookings
        .filter((b) => t.category === null || b.equipment_category_code === t.category)
        .reduce((sum, b) => sum + b.units_requested_count, 0);
      const scope = `${t.marketCode ?? 'all markets'}, ${t.category ?? 'all sizes'}`;
      const total = t.used + mine;
      if (total > t.weeklyLimit)
        return fail(
          'threshold',
          'THRESHOLD_EXCEEDED',
          `Accepting makes ${total} units that week (${t.used} booked + ${mine} requested), over the weekly threshold of ${t.weeklyLimit} (${scope}).`,
        );
      lines.push(`${total} of ${t.weeklyLimit} (${scope})`);
    }
  }
  return pass(
    'threshold',
    lines.length === 0 ? 'No weekly threshold applies.' : `Within the weekly threshold: ${lines.join('; ')}.`,
  );
}

async function contractCheck(trx: Kysely<Database>, order: LockedOrder): Promise<ValidationCheck> {
  if (order.contract_id === null)
    return fail('contract', 'CONTRACT_EXPIRED', 'The order names no term lease contract.');
  const c = await trx
    .selectFrom('term_lease_contracts')
    .select(['contract_number', 'status', 'effective_date', 'effective_to'])
    .where('contract_id', '=', order.contract_id)
    .executeTakeFirst();
  if (!c) return fail('contract', 'CONTRACT_EXPIRED', `Contract ${order.contract_id} does not exist.`);
  const today = Date.now();
  const day = (d: Date) => new Date(d).toISOString().slice(0, 10);
  if (c.status !== 'ACTIVE')
    return fail(
      'contract',
      'CONTRACT_EXPIRED',
      `Contract ${c.contract_number} is ${c.status.toLowerCase()}.`,
    );
  if (new Date(c.effective_date).getTime() > today || new Date(c.effective_to).getTime() < today - 86_400_000)
    return fail(
      'contract',
      'CONTRACT_EXPIRED',
      `Contract ${c.contract_number} runs ${day(c.effective_date)} to ${day(c.effective_to)}, not today.`,
    );
  return pass('contract', `Contract ${c.contract_number} is active until ${day(c.effective_to)}.`);
}

/** The checks that apply to the order, in the order staff settle them. */
export async function validationChecks(
  trx: Kysely<Database>,
  order: LockedOrder,
  bookings: readonly PendingBooking[],
): Promise<ValidationCheck[]> {
  const type = order.booking_order_type_code;
  const checks: ValidationCheck[] = [];
  if ((await poolYardsOf(trx, type)) !== null) checks.push(await availabilityCheck(trx, order, bookings));
  checks.push(await standingCheck(trx, order));
  if ((THRESHOLD_ORDER_TYPES as readonly string[]).includes(type))
    checks.push(await thresholdCheck(trx, order, bookings));
  if (CONTRACT_ORDER_TYPES.includes(type)) checks.push(await contractCheck(trx, order));
  return checks;
}

async function validateOne(ctx: Pick<FlowDeps, 'db'>, viewer: Viewer, requestId: number): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const { order, bookings } = await lockOpenRequest(trx, requestId);
    const checks = await validationChecks(trx, order, bookings);
    const failed = checks.find((c) => !c.Passed);
    const now = new Date();
    await trx
      .updateTable('pending_requests')
      .set({
        status: 'VALIDATED',
        failure_code: failed?.FailureCode ?? null,
        validated_by: viewer.userId,
        validated_at: now,
        validation_checks: JSON.stringify(checks),
      })
      .where('pending_request_id', '=', requestId)
      .execute();
    await recordOrderChange(trx, {
      actor: actorOf(viewer),
      orderId: order.booking_order_id,
      action: 'validated',
      at: now,
      facts: {
        status: order.status_code,
        pendingRequestId: requestId,
        passed: !failed,
        failureCode: failed?.FailureCode ?? null,
      },
    });
    return failed
      ? `Pending request ${requestId} does not pass validation: ${failed.Message}`
      : `Pending request ${requestId} passes validation.`;
  });
}

export function validatePendingRequests(
  ctx: Pick<FlowDeps, 'db'>,
  viewer: Viewer,
  ids: readonly number[],
  options: PresentOptions,
): Promise<PendingOutcome[]> {
  return eachRequest(ctx.db, ids, 'validated', (id) => validateOne(ctx, viewer, id), options);
}
