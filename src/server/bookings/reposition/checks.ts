/**
 * What the reposition booker and updater check against the database beyond the flow's schema and
 * rules (SPEC §5): the org is provider-managed or co-op pool, the size is on the reposition list,
 * the class, reason and locations exist, every motor carrier is a customer of class MC. Each is a
 * 400 with its own code and a message the user can act on.
 */
import type { Kysely } from 'kysely';
import { REPOSITION_EQUIPMENT_CATEGORIES, repositionOrgs } from '../../../domain/lookups';
import type { FieldError } from '../../../engine/core/types';
import type { RepositionBookingData } from '../../../flows/flow-data.generated';
import type { Database } from '../../db/types';
import { SubmissionRefused } from '../submission';

export type RepositionHeader = RepositionBookingData['Header'];
export type RepositionOrder = RepositionBookingData['Orders'][number];

const refuse = (field: string, message: string, code: string) =>
  SubmissionRefused.fromErrors([{ field, message }], code);

export async function checkRepositionHeader(
  trx: Kysely<Database>,
  header: RepositionHeader,
  { reason: checkReason = true } = {},
): Promise<void> {
  const sizes: readonly string[] = REPOSITION_EQUIPMENT_CATEGORIES;
  if (!sizes.includes(header.EquipmentSize))
    throw refuse(
      'Header.EquipmentSize',
      `${header.EquipmentSize} cannot be repositioned: choose a size from the reposition list (axles, chassis 20–53, containers 40–53).`,
      'REPOSITION_EQUIPMENT_SIZE',
    );
  const [org, equipmentClass, reason, origin] = await Promise.all([
    trx
      .selectFrom('inventory_orgs')
      .selectAll()
      .where('inventory_org_code', '=', header.InventoryOrgCode)
      .executeTakeFirst(),
    trx
      .selectFrom('equipment_classes')
      .select('code')
      .where('code', '=', header.EquipmentClass)
      .executeTakeFirst(),
    trx
      .selectFrom('reasons')
      .select('reason_code')
      .where('reason_kind', '=', 'REPOSITION')
      .where('reason_code', '=', header.RepositionReasonCode)
      .executeTakeFirst(),
    trx
      .selectFrom('locations')
      .select(['location_id', 'active'])
      .where('location_id', '=', header.FromLocationId)
      .executeTakeFirst(),
  ]);
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
  if (!equipmentClass)
    throw refuse(
      'Header.EquipmentClass',
      `There is no equipment class ${header.EquipmentClass}: choose one from the list.`,
      'UNKNOWN_EQUIPMENT_CLASS',
    );
  if (checkReason && !reason)
    throw refuse(
      'Header.RepositionReasonCode',
      `There is no reposition reason ${header.RepositionReasonCode}: choose one from the list.`,
      'UNKNOWN_REPOSITION_REASON',
    );
  if (!origin?.active)
    throw refuse(
      'Header.FromLocationId',
      `There is no open location ${header.FromLocationId} to reposition from: choose one from the list.`,
      'UNKNOWN_LOCATION',
    );
}

/** Destinations that exist and are open, and motor carriers of class MC; `indexes` name the Orders rows. */
export async function checkDestinations(
  trx: Kysely<Database>,
  rows: readonly { order: RepositionOrder; index: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const locationIds = [...new Set(rows.map((r) => r.order.ToLocationId))];
  const carrierIds = [...new Set(rows.map((r) => r.order.MotorCarrierId))];
  const [locations, carriers] = await Promise.all([
    trx
      .selectFrom('locations')
      .select(['location_id', 'active'])
      .where('location_id', 'in', locationIds)
      .execute(),
    trx
      .selectFrom('customers')
      .select(['customer_id', 'customer_class', 'active'])
      .where('customer_id', 'in', carrierIds)
      .execute(),
  ]);
  const openLocations = new Set(locations.filter((l) => l.active).map((l) => l.location_id));
  const badPlaces: FieldError[] = rows
    .filter((r) => !openLocations.has(r.order.ToLocationId))
    .map((r) => ({
      field: `Orders.${r.index}.ToLocationId`,
      message: `There is no open location ${r.order.ToLocationId} to reposition to: choose one from the list.`,
    }));
  if (badPlaces.length > 0) throw SubmissionRefused.fromErrors(badPlaces, 'UNKNOWN_LOCATION');
  const motorCarriers = new Set(
    carriers.filter((c) => c.customer_class === 'MC' && c.active).map((c) => c.customer_id),
  );
  const badCarriers: FieldError[] = rows
    .filter((r) => !motorCarriers.has(r.order.MotorCarrierId))
    .map((r) => ({
      field: `Orders.${r.index}.MotorCarrierId`,
      message: `Customer ${r.order.MotorCarrierId} is not an active motor carrier (class MC): choose the carrier from the list.`,
    }));
  if (badCarriers.length > 0) throw SubmissionRefused.fromErrors(badCarriers, 'NOT_A_MOTOR_CARRIER');
}

/** The header fields an order keeps in booking_orders.details (the order document's Details). */
export const repositionDetails = (header: RepositionHeader, contact: RepositionBookingData['Contact']) => ({
  InventoryOrgCode: header.InventoryOrgCode,
  FromLocationId: header.FromLocationId,
  Extendable: header.Extendable,
  RepositionReasonCode: header.RepositionReasonCode,
  ExternalPartyEmails: contact.notifyExternalParties ?? null,
});
