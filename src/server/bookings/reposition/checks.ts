/**
 * What the reposition booker and updater check against the database beyond the flow's schema and
 * rules (SPEC §5): the org is provider-managed or co-op pool, the size is on the reposition list,
 * the class, reason and locations exist, every motor carrier is a customer of class MC. Each is a
 * 400 with its own code and a message the user can act on.
 */
import { type Kysely, sql } from 'kysely';
import { REPOSITION_EQUIPMENT_CATEGORIES, repositionOrgs } from '../../../domain/lookups';
import type { FieldError } from '../../../engine/core/types';
import type { RepositionBookingData } from '../../../flows/flow-data.generated';
import type { Database, InventoryOrgTable } from '../../db/types';
import { SubmissionRefused } from '../submission';

export type RepositionHeader = RepositionBookingData['Header'];
export type RepositionOrder = RepositionBookingData['Orders'][number];

const refuse = (field: string, message: string, code: string) =>
  SubmissionRefused.fromErrors([{ field, message }], code);

/** What the checks read, all in one statement (issue 30 §1: each round trip is a reposition's time). */
interface References {
  org: InventoryOrgTable | null;
  class_known: boolean;
  reason_known: boolean;
  origin: { active: boolean; market_code: string } | null;
  open_destinations: number[];
  motor_carriers: number[];
}

async function readReferences(
  db: Kysely<Database>,
  header: RepositionHeader,
  rows: readonly { order: RepositionOrder }[],
): Promise<References> {
  const destinations = [...new Set(rows.map((r) => r.order.ToLocationId))];
  const carriers = [...new Set(rows.map((r) => r.order.MotorCarrierId))];
  const { rows: found } = await sql<References>`
    select
      (select row_to_json(o) from inventory_orgs o
        where o.inventory_org_code = ${header.InventoryOrgCode}) as org,
      exists (select 1 from equipment_classes where code = ${header.EquipmentClass}) as class_known,
      exists (select 1 from reasons
        where reason_kind = 'REPOSITION' and reason_code = ${header.RepositionReasonCode}) as reason_known,
      (select json_build_object('active', l.active, 'market_code', l.market_code) from locations l
        where l.location_id = ${header.FromLocationId}) as origin,
      array(select location_id from locations
        where location_id = any(${destinations}::integer[]) and active) as open_destinations,
      array(select customer_id from customers
        where customer_id = any(${carriers}::integer[]) and customer_class = 'MC' and active) as motor_carriers`.execute(
    db,
  );
  return found[0] as References;
}

function refuseBadHeader(refs: References, header: RepositionHeader, checkReason: boolean): void {
  const sizes: readonly string[] = REPOSITION_EQUIPMENT_CATEGORIES;
  if (!sizes.includes(header.EquipmentSize))
    throw refuse(
      'Header.EquipmentSize',
      `${header.EquipmentSize} cannot be repositioned: choose a size from the reposition list (axles, chassis 20–53, containers 40–53).`,
      'REPOSITION_EQUIPMENT_SIZE',
    );
  const { org } = refs;
  // SPEC §5's list rule, the same function the reposition org lookup filters with.
  const allowed =
    org &&
    repositionOrgs([
      {
        InventoryOrgCode: org.inventory_org_code,
        InventoryOrgDescription: org.description,
        InventoryOrgHierarchyCode: org.hierarchy_code,
        InventoryOrgType: org.org_type,
        TracManaged: org.trac_managed,
        CoOpPool: org.co_op_pool,
      },
    ]).length > 0;
  if (!allowed)
    throw refuse(
      'Header.InventoryOrgCode',
      `${header.InventoryOrgCode} is not an org whose chassis can be repositioned: choose a provider-managed or co-op pool org.`,
      'REPOSITION_ORG',
    );
  if (!refs.class_known)
    throw refuse(
      'Header.EquipmentClass',
      `There is no equipment class ${header.EquipmentClass}: choose one from the list.`,
      'UNKNOWN_EQUIPMENT_CLASS',
    );
  if (checkReason && !refs.reason_known)
    throw refuse(
      'Header.RepositionReasonCode',
      `There is no reposition reason ${header.RepositionReasonCode}: choose one from the list.`,
      'UNKNOWN_REPOSITION_REASON',
    );
  if (!refs.origin?.active)
    throw refuse(
      'Header.FromLocationId',
      `There is no open location ${header.FromLocationId} to reposition from: choose one from the list.`,
      'UNKNOWN_LOCATION',
    );
}

function refuseBadDestinations(
  refs: References,
  rows: readonly { order: RepositionOrder; index: number }[],
): void {
  const openLocations = new Set(refs.open_destinations);
  const badPlaces: FieldError[] = rows
    .filter((r) => !openLocations.has(r.order.ToLocationId))
    .map((r) => ({
      field: `Orders.${r.index}.ToLocationId`,
      message: `There is no open location ${r.order.ToLocationId} to reposition to: choose one from the list.`,
    }));
  if (badPlaces.length > 0) throw SubmissionRefused.fromErrors(badPlaces, 'UNKNOWN_LOCATION');
  const motorCarriers = new Set(refs.motor_carriers);
  const badCarriers: FieldError[] = rows
    .filter((r) => !motorCarriers.has(r.order.MotorCarrierId))
    .map((r) => ({
      field: `Orders.${r.index}.MotorCarrierId`,
      message: `Customer ${r.order.MotorCarrierId} is not an active motor carrier (class MC): choose the carrier from the list.`,
    }));
  if (badCarriers.length > 0) throw SubmissionRefused.fromErrors(badCarriers, 'NOT_A_MOTOR_CARRIER');
}

/**
 * Checks the header, then the destinations and carriers of `rows` (the Orders rows to book or
 * change, `index` naming each in messages); answers the origin's market. `reason: false` leaves the
 * reason out (the availability step is asked before one is chosen).
 */
export async function checkReposition(
  db: Kysely<Database>,
  header: RepositionHeader,
  rows: readonly { order: RepositionOrder; index: number }[],
  { reason = true } = {},
): Promise<{ marketCode: string }> {
  const refs = await readReferences(db, header, rows);
  refuseBadHeader(refs, header, reason);
  refuseBadDestinations(refs, rows);
  return { marketCode: (refs.origin as NonNullable<References['origin']>).market_code };
}

/** The header fields an order keeps in booking_orders.details (the order document's Details). */
export const repositionDetails = (header: RepositionHeader, contact: RepositionBookingData['Contact']) => ({
  InventoryOrgCode: header.InventoryOrgCode,
  FromLocationId: header.FromLocationId,
  Extendable: header.Extendable,
  RepositionReasonCode: header.RepositionReasonCode,
  ExternalPartyEmails: contact.notifyExternalParties ?? null,
});
