/**
 * Small factories for the rows a test needs (issue 26): a test that changes state makes its own
 * customer, user, location and chassis here instead of hunting the demo data set for ones that
 * happen to fit, so it knows every number it asserts and no other test's booking moves them.
 *
 * They write through the test app's Kysely db (tests/helpers/test-app.ts: `t.handle.db`), with IDs
 * from ranges and names the seed never uses (locations from 700 000, chassis PLCX900000 on,
 * customers "Factory …"), so they sit beside the demo data without colliding with it.
 */
import { randomBytes } from 'node:crypto';
import { DEFAULT_INVENTORY_ORG, LOCAL_AUTH_PROVIDER } from '../../src/domain/constants';
import { hashPassword } from '../../src/server/auth/passwords';
import { TERM_ORG } from '../../src/server/db/seed/contracts';
import { ROLE_ID } from '../../src/server/db/seed/roles';
import type { LocationTable } from '../../src/server/db/types';
import type { TestApp } from './test-app';

/** Passes the password policy (src/schemas/account.ts). */
export const START_PASSWORD = 'Start!Pass9753';

export interface MadeCustomer {
  customerId: number;
  customerName: string;
  scac: string;
}

/** A customer of its own: a motor carrier in good standing that may pool-book, unless told. */
export async function makeCustomer(
  t: TestApp,
  options: {
    customerClass?: string;
    goodStanding?: boolean;
    active?: boolean;
    poolBookingAllowed?: boolean;
  } = {},
): Promise<MadeCustomer> {
  const suffix = randomBytes(4).toString('hex');
  const customerName = `Factory Customer ${suffix}`;
  const scac = await freeScac(t);
  const row = await t.handle.db
    .insertInto('customers')
    .values({
      customer_name: customerName,
      scac,
      customer_class: options.customerClass ?? 'MC',
      good_standing: options.goodStanding ?? true,
      active: options.active ?? true,
      pool_booking_allowed: options.poolBookingAllowed ?? true,
      email: `dispatch.${suffix}@example.com`,
      phone: '555-0100',
    })
    .returning('customer_id')
    .executeTakeFirstOrThrow();
  return { customerId: row.customer_id, customerName, scac };
}

/** A SCAC (two to four capitals, unique) no customer has yet. */
async function freeScac(t: TestApp): Promise<string> {
  for (;;) {
    const scac = Array.from(randomBytes(4), (b) => String.fromCharCode(65 + (b % 26))).join('');
    const taken = await t.handle.db
      .selectFrom('customers')
      .select('customer_id')
      .where('scac', '=', scac)
      .executeTakeFirst();
    if (!taken) return scac;
  }
}

export interface BuiltUser {
  userId: number;
  userName: string;
  /** First and last name, as a trail or a list names the user. */
  fullName: string;
  email: string;
  password: string;
}

/**
 * A user of the Customer Full role on customer 1, unless told, with its own name, email and password;
 * `customerId: null` (and the directory as `authProvider`) for a staff user, of no customer as staff are.
 */
export async function buildUser(
  t: TestApp,
  overrides: {
    resetPassword?: boolean;
    authProvider?: string;
    password?: string;
    active?: boolean;
    customerId?: number | null;
    roleId?: number;
  } = {},
): Promise<BuiltUser> {
  const suffix = randomBytes(4).toString('hex');
  const userName = `acct.${suffix}`;
  const email = `acct.${suffix}@example.com`;
  const password = overrides.password ?? START_PASSWORD;
  const row = await t.handle.db
    .insertInto('users')
    .values({
      user_name: userName,
      first_name: 'Avery',
      last_name: `Account ${suffix}`,
      email,
      phone: '555-0100',
      password_hash: await hashPassword(password),
      auth_provider: overrides.authProvider ?? LOCAL_AUTH_PROVIDER,
      customer_id: overrides.customerId === undefined ? 1 : overrides.customerId,
      module_id_owned: 1,
      reset_password: overrides.resetPassword ?? false,
      active: overrides.active ?? true,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await t.handle.db
    .insertInto('user_roles')
    .values({ user_id: row.user_id, role_id: overrides.roleId ?? ROLE_ID.customerFull })
    .execute();
  return { userId: row.user_id, userName, fullName: `Avery Account ${suffix}`, email, password };
}

/** A signed-in user (of the Customer Full role unless told) of a customer of its own: its id, and a token of its user. */
export async function customerWithToken(
  t: TestApp,
  { roleId, ...options }: NonNullable<Parameters<typeof makeCustomer>[1]> & { roleId?: number } = {},
): Promise<MadeCustomer & { user: BuiltUser; token: string }> {
  const customer = await makeCustomer(t, options);
  const user = await buildUser(t, { customerId: customer.customerId, roleId });
  const res = await t.login(user.userName, user.password);
  if (res.statusCode !== 200) throw new Error(`login ${user.userName}: ${res.statusCode} ${res.body}`);
  return { ...customer, user, token: res.json().token as string };
}

/** A market of its own (a code the seed never uses), so the locations a test makes there are all it holds. */
export async function makeMarket(t: TestApp): Promise<string> {
  for (;;) {
    const code = `F${Array.from(randomBytes(3), (b) => String.fromCharCode(65 + (b % 26))).join('')}`;
    const taken = await t.handle.db
      .selectFrom('markets')
      .select('market_code')
      .where('market_code', '=', code)
      .executeTakeFirst();
    if (taken) continue;
    await t.handle.db
      .insertInto('markets')
      .values({ market_code: code, market_name: `Factory Market ${code}` })
      .execute();
    return code;
  }
}

let nextLocation = 700_000;

/** The location's flags as its columns are named; `orgs` are the inventory orgs mapped to it. */
export interface LocationOptions {
  market_code?: string;
  location_type?: LocationTable['location_type'];
  pool_booking_allowed?: boolean;
  daily_lease_allowed?: boolean;
  is_cgi?: boolean;
  is_gobo?: boolean;
  active?: boolean;
  orgs?: readonly string[];
}

export interface MadeLocation {
  LocationId: number;
  LocationName: string;
}

/**
 * An open depot of its own in a market (LAX unless told) where the pool (IDL) holds inventory, that
 * takes pool bookings and no daily lease, unless told.
 */
export async function makeLocation(t: TestApp, options: LocationOptions = {}): Promise<MadeLocation> {
  const { orgs = [DEFAULT_INVENTORY_ORG], ...flags } = options;
  const id = nextLocation++;
  const name = `Factory Depot ${id}`;
  await t.handle.db
    .insertInto('locations')
    .values({
      location_id: id,
      location_name: name,
      street1: '1 Factory Way',
      street2: null,
      street3: null,
      city: 'Carson',
      state_province: 'CA',
      zip_code: '90745',
      market_code: 'LAX',
      operating_hours: 'Mon-Fri 06:00-18:00',
      location_type: 'DEPOT',
      is_cgi: false,
      is_gobo: false,
      pool_booking_allowed: true,
      daily_lease_allowed: false,
      active: true,
      ...flags,
    })
    .execute();
  if (orgs.length)
    await t.handle.db
      .insertInto('inventory_org_locations')
      .values(orgs.map((org) => ({ inventory_org_code: org, location_id: id })))
      .execute();
  return { LocationId: id, LocationName: name };
}

export interface ChassisKind {
  EquipmentSize: string;
  EquipmentClass: string;
  /** Frames that extend; not unless told. */
  Extendable?: boolean;
}

let nextChassis = 900_000;

/** Where a made chassis stands: available at a location, or on hire to a customer (at none). */
type Standing =
  | { location_id: number; on_hire_customer_id: null; status: 'AVAILABLE' }
  | { location_id: null; on_hire_customer_id: number; status: 'ON_HIRE' };

/** `count` chassis of one kind and org, with IDs from a range the seed never uses. */
async function insertChassis(
  t: TestApp,
  equipment: ChassisKind,
  count: number,
  org: string,
  standing: Standing,
  contractId: number | null = null,
): Promise<string[]> {
  const rows = Array.from({ length: count }, () => ({
    chassis_id: `PLCX${String(nextChassis++)}`,
    equipment_category_code: equipment.EquipmentSize,
    equipment_class_code: equipment.EquipmentClass,
    extendable: equipment.Extendable ?? false,
    inventory_org_code: org,
    contract_id: contractId,
    manufactured_year: 2024,
    ...standing,
  }));
  if (rows.length) await t.handle.db.insertInto('chassis').values(rows).execute();
  return rows.map((r) => r.chassis_id);
}

/** Puts `count` more chassis available at a location (the pool's, IDL, unless told). */
export function addChassis(
  t: TestApp,
  locationId: number,
  equipment: ChassisKind,
  count: number,
  org = DEFAULT_INVENTORY_ORG,
): Promise<string[]> {
  return insertChassis(t, equipment, count, org, {
    location_id: locationId,
    on_hire_customer_id: null,
    status: 'AVAILABLE',
  });
}

/**
 * Puts `count` chassis on hire to a customer at no location, as the seed's units out with a customer
 * are: pool units (the pool's org, IDL, off any contract) unless told, what a reuse or a pool
 * redelivery names; or a term lease's, with its contract and the term org.
 */
export function onHireChassis(
  t: TestApp,
  customerId: number,
  equipment: ChassisKind,
  count: number,
  { org = DEFAULT_INVENTORY_ORG, contractId = null }: { org?: string; contractId?: number | null } = {},
): Promise<string[]> {
  return insertChassis(
    t,
    { ...equipment, Extendable: false },
    count,
    org,
    { location_id: null, on_hire_customer_id: customerId, status: 'ON_HIRE' },
    contractId,
  );
}

/** A contract's terms as its columns are named (SPEC §4): what a term lease redelivery is held to. */
export interface ContractTerms {
  swaps_allowed?: boolean;
  direct_finance_lease?: boolean;
  purchase_option?: boolean;
  min_quantity?: number;
  min_rental_days?: number;
  /** The contract's first day ('YYYY-MM-DD'); a year ago unless told. */
  effective_date?: string;
}

/**
 * An active term lease contract of a customer (no lines), in force from a year ago for a year to
 * come: no swaps, no direct finance lease, no purchase option, a minimum of 1 unit and of 30 days,
 * unless told.
 */
export async function makeContract(
  t: TestApp,
  customerId: number,
  terms: ContractTerms = {},
): Promise<{ contractId: number; contractNumber: string; org: string }> {
  const contractNumber = `FTL-${randomBytes(4).toString('hex').toUpperCase()}`;
  const day = 86_400_000;
  const row = await t.handle.db
    .insertInto('term_lease_contracts')
    .values({
      contract_number: contractNumber,
      customer_id: customerId,
      inventory_org_code: TERM_ORG,
      effective_date: new Date(Date.now() - 365 * day).toISOString().slice(0, 10),
      effective_to: new Date(Date.now() + 365 * day).toISOString().slice(0, 10),
      swaps_allowed: false,
      direct_finance_lease: false,
      purchase_option: false,
      min_quantity: 1,
      min_rental_days: 30,
      ...terms,
      status: 'ACTIVE',
    })
    .returning('contract_id')
    .executeTakeFirstOrThrow();
  return { contractId: row.contract_id, contractNumber, org: TERM_ORG };
}

/**
 * A line of a contract: frames of a kind in a market, of `quantity` units (1, the least a line holds,
 * unless told), with no additional on-hire.
 */
export async function addContractLine(
  t: TestApp,
  contractId: number,
  equipment: ChassisKind & { MarketCode: string },
  quantity = 1,
): Promise<number> {
  const row = await t.handle.db
    .insertInto('term_lease_contract_lines')
    .values({
      contract_id: contractId,
      equipment_category_code: equipment.EquipmentSize,
      equipment_class_code: equipment.EquipmentClass,
      extendable: equipment.Extendable ?? false,
      market_code: equipment.MarketCode,
      quantity,
      daily_rate: 12.5,
      additional_on_hire_allowed: false,
    })
    .returning('equipment_line_id')
    .executeTakeFirstOrThrow();
  return row.equipment_line_id;
}

/**
 * An order header of a customer (no bookings under it), of a type and status (open unless told):
 * for tests of what follows an order's changes (its audit trail, its events), not of booking.
 */
export async function makeOrder(
  t: TestApp,
  customerId: number,
  type: string,
  status = 'OP',
): Promise<{ orderId: number }> {
  const row = await t.handle.db
    .insertInto('booking_orders')
    .values({
      booking_order_type_code: type,
      customer_id: customerId,
      responsible_party_id: null,
      motor_carrier_id: null,
      market_code: 'LAX',
      contract_id: null,
      status_code: status,
      contact_name: 'Pat Dispatcher',
      email_addresses: 'pat@example.com',
      booking_comment: null,
      idempotency_key: null,
      request_fingerprint: null,
      created_by: null,
      updated_by: null,
    })
    .returning('booking_order_id')
    .executeTakeFirstOrThrow();
  return { orderId: row.booking_order_id };
}

/** A location of its own in the equipment's market with exactly `count` of its chassis available. */
export async function stockedLocation(
  t: TestApp,
  equipment: ChassisKind & { MarketCode: string },
  count: number,
  options: LocationOptions = {},
): Promise<MadeLocation & { Available: number }> {
  const location = await makeLocation(t, { market_code: equipment.MarketCode, ...options });
  await addChassis(t, location.LocationId, equipment, count);
  return { ...location, Available: count };
}
