/**
 * Pool redelivery (PR, issue 17): a customer says which pool chassis it will bring back, to which
 * location and when. The order holds one booking per size and class at the return location, each
 * naming its chassis (booking_chassis): those chassis are expected back there.
 *
 * A chassis may be listed only when it is ours, on hire to the customer, not on a term lease, of a
 * size pool redelivery takes (SPEC §5) and not already on an open redelivery. The same check
 * answers the form's per-row verdicts (POST /api/poolredelivery/check) and the booker.
 * Two redeliveries of one chassis at once: the booking frame locks the customer row first, so the
 * second sees the first's chassis and is refused (exactly one wins); the booker's claim
 * (chassis-holds.ts, issue 27) holds the same rule under a lock.
 */

import type { Kysely } from 'kysely';
import { POOL_REDELIVERY_EQUIPMENT_CATEGORIES } from '../../../domain/lookups';
import { asCustomer } from '../../../domain/policies';
import { REDELIVERY_MESSAGES } from '../../../domain/redelivery';
import type { FieldError } from '../../../engine/core/types';
import type { PoolRedeliveryData } from '../../../flows/flow-data.generated';
import type { EquipmentVerdict } from '../../../schemas/lookup';
import type { Database } from '../../db/types';
import { type ChassisClaim, chassisStanding } from '../../domain/chassis-holds';
import { type ChassisCheck, validateEquipment } from '../../domain/equipment';
import { actorOf } from '../../domain/order-audit';
import type { Viewer } from '../../domain/viewer';
import { bookingsOfChassis, insertOrder, type PlacedChassis } from '../booking-orders';
import { bookOnce, idempotencyOf } from '../booking-transaction';
import { type Booker, SubmissionRefused } from '../submission';

export const POOL_REDELIVERY_ORDER_TYPE = 'PR';

/**
 * One verdict per input, in order: the equipment check, then what pool redelivery adds. With `lock`
 * (the submit's transaction) the check is also the claim of the chassis it finds free.
 */
async function judgeRedelivery(
  db: Kysely<Database>,
  viewer: Viewer,
  inputs: readonly string[],
  lock: boolean,
): Promise<{ verdicts: EquipmentVerdict[]; claim: ChassisClaim | null }> {
  const verdicts = await validateEquipment(db, viewer, inputs);
  const masterIds = verdicts.flatMap((v) => (v.Valid && v.ChassisMasterId ? [v.ChassisMasterId] : []));
  const { contracts, holds, claim } = await chassisStanding(
    db,
    masterIds,
    { orderType: POOL_REDELIVERY_ORDER_TYPE },
    { lock },
  );
  const allowed: readonly string[] = POOL_REDELIVERY_EQUIPMENT_CATEGORIES;
  const judged = verdicts.map((v) => {
    if (!v.Valid || !v.ChassisMasterId || !v.ChassisId) return v;
    const refuse = (message: string) => ({ ...v, Valid: false, Message: message });
    if (contracts.get(v.ChassisMasterId) != null) return refuse(REDELIVERY_MESSAGES.termLease(v.ChassisId));
    const category = v.EquipmentCategoryCode ?? '';
    if (!allowed.includes(category))
      return refuse(REDELIVERY_MESSAGES.notPoolEquipment(v.ChassisId, category));
    const hold = holds.get(v.ChassisMasterId);
    if (hold) return refuse(REDELIVERY_MESSAGES.alreadyOnRedelivery(v.ChassisId, hold.bookingCode));
    return v;
  });
  return { verdicts: judged, claim };
}

/** The form's per-row verdicts (the booking-type registry's chassisCheck): unlocked. */
export const poolRedeliveryVerdicts: ChassisCheck = async (db, viewer, inputs) =>
  (await judgeRedelivery(db, viewer, inputs, false)).verdicts;

/** The listed chassis, all at the return location. */
const atReturnLocation = (locationId: number, verdicts: readonly EquipmentVerdict[]): PlacedChassis[] =>
  verdicts.map((v) => ({
    locationId,
    category: v.EquipmentCategoryCode as string,
    equipmentClass: v.EquipmentClassCode as string,
    chassisMasterId: v.ChassisMasterId as number,
  }));

/** The day before today (UTC): a customer west of UTC may still be on yesterday's date. */
const earliestDate = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

export const bookPoolRedelivery: Booker<PoolRedeliveryData> = (deps, request) => {
  const { data } = request;
  const inputs = data.Chassis.ChassisIds;
  const { LocationId, ReasonCode, RedeliveryDate } = data.Redelivery;
  return bookOnce(
    deps,
    request,
    POOL_REDELIVERY_ORDER_TYPE,
    data.Customer?.CustomerId,
    async (trx, customer) => {
      const problems: FieldError[] = [];
      // The open location's market and the reason, in one round trip.
      const found = await trx
        .selectNoFrom((eb) => [
          eb
            .selectFrom('locations')
            .select('market_code')
            .where('location_id', '=', LocationId)
            .where('active', '=', true)
            .as('market_code'),
          eb
            .exists(
              eb
                .selectFrom('reasons')
                .select('reason_code')
                .where('reason_kind', '=', 'POOL_REDELIVERY')
                .where('reason_code', '=', ReasonCode),
            )
            .as('reason_known'),
        ])
        .executeTakeFirstOrThrow();
      if (found.market_code === null)
        problems.push({ field: 'Redelivery.LocationId', message: REDELIVERY_MESSAGES.locationUnknown });
      if (!found.reason_known)
        problems.push({ field: 'Redelivery.ReasonCode', message: REDELIVERY_MESSAGES.reasonUnknown });
      if (RedeliveryDate < earliestDate(deps.clock()))
        problems.push({ field: 'Redelivery.RedeliveryDate', message: REDELIVERY_MESSAGES.dateInPast });
      if (problems.length > 0) throw SubmissionRefused.fromErrors(problems, 'REDELIVERY');

      // Checked as the customer the redelivery is for, whoever submits: staff too may only return
      // what that customer holds.
      const customerView = asCustomer(request.viewer, customer.customerId);
      const { verdicts, claim } = await judgeRedelivery(trx, customerView, inputs, true);
      const refused: FieldError[] = verdicts.flatMap((v, i) =>
        v.Valid
          ? []
          : [{ field: `Chassis.ChassisIds.${i}`, message: v.Message ?? `${v.Input} cannot be redelivered.` }],
      );
      if (refused.length > 0) throw SubmissionRefused.fromErrors(refused, 'EQUIPMENT');

      return insertOrder(trx, {
        orderType: POOL_REDELIVERY_ORDER_TYPE,
        customerId: customer.customerId,
        marketCode: found.market_code,
        contact: data.Contact,
        details: { ReasonCode, RedeliveryDate, LocationId },
        idempotency: idempotencyOf(request),
        actor: actorOf(request.viewer),
        pending: null,
        bookings: bookingsOfChassis(atReturnLocation(LocationId, verdicts)),
        ...(claim ? { claim } : {}),
      });
    },
  );
};
