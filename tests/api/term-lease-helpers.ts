/** Shared by the term-lease-*.test.ts files: the stage (a customer of its own's active contract), bodies and stock. */
import {
  addChassis,
  addContractLine,
  customerWithToken,
  type MadeCustomer,
  makeContract,
  makeCustomer,
  makeLocation,
} from '../helpers/factories';
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
  /** A token of the customer's user. */
  token: string;
  customer: MadeCustomer;
  contractId: number;
  contractNumber: string;
  org: string;
  line: Line;
  /** Four locations of the stage's own on the line (the line also offers the seed's in its market). */
  locations: number[];
  /** An expired contract of the customer. */
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

/** What the stage's lines lease: 40' standard frames in LAX. */
const LINE = { EquipmentSize: 'Chassis.40', EquipmentClass: 'STD', MarketCode: 'LAX' } as const;

/**
 * A customer of its own with an active contract of one line, four locations of its own of the
 * contract's org in the line's market, an expired contract, and another customer's contract and line.
 */
export async function termStage(t: TestApp): Promise<TermStage> {
  const { token, user: _user, ...customer } = await customerWithToken(t);
  const contract = await makeContract(t, customer.customerId);
  const lineId = await addContractLine(t, contract.contractId, LINE);
  const locations: number[] = [];
  for (let i = 0; i < 4; i++)
    locations.push(
      (await makeLocation(t, { market_code: LINE.MarketCode, orgs: [contract.org] })).LocationId,
    );
  const expired = await makeContract(t, customer.customerId);
  await t.handle.db
    .updateTable('term_lease_contracts')
    .set({ status: 'EXPIRED', effective_to: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10) })
    .where('contract_id', '=', expired.contractId)
    .execute();
  const foreign = await makeContract(t, (await makeCustomer(t)).customerId);
  const foreignLine = await addContractLine(t, foreign.contractId, LINE);
  const info = await contractInfo(t, token, contract.contractId);
  const line = info.Lines.find((l) => l.EquipmentLineID === lineId);
  if (!line || !locations.every((l) => line.Locations.includes(l)))
    throw new Error(`the stage's line does not offer its locations: ${JSON.stringify(info)}`);
  return {
    customerId: customer.customerId,
    token,
    customer,
    contractId: contract.contractId,
    contractNumber: info.ContractNumber,
    org: info.InventoryOrgCode,
    line,
    locations,
    expired: expired.contractId,
    foreignContract: foreign.contractId,
    foreignLine,
  };
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

/** Puts `count` more of the line's units (the contract's org) available at a location. */
export async function addTermChassis(t: TestApp, s: TermStage, locationId: number, count: number) {
  await addChassis(t, locationId, s.line, count, s.org);
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
