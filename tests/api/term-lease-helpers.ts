/** Shared by the term-lease-*.test.ts files: the stage (demo.customer's active contract), bodies and stock. */
import { bearer, type TestApp } from '../helpers/test-app';
import { CONTACT, submit } from './bookings-helpers';

export const TL_CREATE_URL = '/api/longtermbooking/createlongtermbooking';
export const TL_UPDATE_URL = '/api/longtermbooking/updatelongtermbooking';
export const OVER_AVAILABLE = 'term-lease.over-available';

export interface Line {
  EquipmentLineID: number;
  EquipmentSize: string;
  EquipmentClass: string;
  Extendable: boolean;
  MarketCode: string;
  Quantity: number;
  AdditionalOnHireAllowed: boolean;
  BookedQuantity: number;
  Locations: number[];
}

export interface TermStage {
  customerId: number;
  contractId: number;
  contractNumber: string;
  org: string;
  line: Line;
  /** An expired contract of demo.customer. */
  expired: number;
  /** Another customer's contract and one of its lines. */
  foreignContract: number;
  foreignLine: number;
}

export async function contractInfo(t: TestApp, token: string, contractId: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/longtermbooking/getContractInfo/${contractId}`,
    headers: bearer(token),
  });
  if (res.statusCode !== 200) throw new Error(`getContractInfo ${contractId}: ${res.statusCode} ${res.body}`);
  return res.json() as { ContractNumber: string; InventoryOrgCode: string; Lines: Line[] };
}

/** demo.customer's first active contract and its line with the most locations (at least 3). */
export async function termStage(t: TestApp, token: string): Promise<TermStage> {
  const db = t.handle.db;
  const user = await db
    .selectFrom('users')
    .select('customer_id')
    .where('user_name', '=', 'demo.customer')
    .executeTakeFirstOrThrow();
  const customerId = user.customer_id as number;
  const contracts = await db
    .selectFrom('term_lease_contracts')
    .select(['contract_id', 'status'])
    .where('customer_id', '=', customerId)
    .orderBy('contract_id')
    .execute();
  const expired = contracts.find((c) => c.status === 'EXPIRED')?.contract_id as number;
  for (const c of contracts.filter((c) => c.status === 'ACTIVE')) {
    const info = await contractInfo(t, token, c.contract_id);
    const line = [...info.Lines].sort((a, b) => b.Locations.length - a.Locations.length)[0];
    if (!line || line.Locations.length < 3) continue;
    const foreign = await db
      .selectFrom('term_lease_contract_lines as l')
      .innerJoin('term_lease_contracts as c', 'c.contract_id', 'l.contract_id')
      .select(['c.contract_id', 'l.equipment_line_id'])
      .where('c.customer_id', '<>', customerId)
      .orderBy('l.equipment_line_id')
      .executeTakeFirstOrThrow();
    return {
      customerId,
      contractId: c.contract_id,
      contractNumber: info.ContractNumber,
      org: info.InventoryOrgCode,
      line,
      expired,
      foreignContract: foreign.contract_id,
      foreignLine: foreign.equipment_line_id,
    };
  }
  throw new Error('demo.customer needs an active contract with a line of 3 or more locations');
}

/** Sets the line's quantity so that `left` units remain beyond what is booked, and its on-hire flag. */
export async function setLineRoom(t: TestApp, token: string, s: TermStage, left: number, aoh = false) {
  const info = await contractInfo(t, token, s.contractId);
  const line = info.Lines.find((l) => l.EquipmentLineID === s.line.EquipmentLineID) as Line;
  await t.handle.db
    .updateTable('term_lease_contract_lines')
    .set({ quantity: line.BookedQuantity + left, additional_on_hire_allowed: aoh })
    .where('equipment_line_id', '=', s.line.EquipmentLineID)
    .execute();
  return { booked: line.BookedQuantity, quantity: line.BookedQuantity + left };
}

let nextChassis = 700_000;
/** Puts `count` more of the line's units (the contract's org) available at a location. */
export async function addTermChassis(t: TestApp, s: TermStage, locationId: number, count: number) {
  const rows = Array.from({ length: count }, () => ({
    chassis_id: `TLCX${String(nextChassis++)}`,
    equipment_category_code: s.line.EquipmentSize,
    equipment_class_code: s.line.EquipmentClass,
    extendable: s.line.Extendable,
    inventory_org_code: s.org,
    location_id: locationId,
    on_hire_customer_id: null,
    contract_id: null,
    status: 'AVAILABLE' as const,
    manufactured_year: 2024,
  }));
  if (rows.length) await t.handle.db.insertInto('chassis').values(rows).execute();
}

export interface Item {
  LocationId: number;
  UnitsRequestedCount: number;
  BookingId?: number;
  CancelBooking?: boolean;
  IsSwapBooking?: boolean;
  OriginalLocationId?: number;
}

export function termBody(
  contractId: number,
  lines: ReadonlyArray<{ EquipmentLineID: number; items: Item[] }>,
  acknowledged: readonly string[] = [],
  extra: { BookingFees?: object[]; Bookable?: boolean; NotBookableReason?: string } = {},
) {
  return {
    Contract: { ContractId: contractId, ...extra },
    LineItems: lines.map((l) => ({ EquipmentLineID: l.EquipmentLineID, BookedItems: l.items })),
    Contact: { ...CONTACT, SendExternalNotification: false },
    ...(acknowledged.length ? { Acknowledged: [...acknowledged] } : {}),
  };
}

export const submitTerm = (t: TestApp, token: string, body: object, key?: string) =>
  submit(t, TL_CREATE_URL, token, body, key);
