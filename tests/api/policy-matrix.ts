/**
 * The authorization matrix (issue 11): for every route, the ability it declares and who gets
 * through, written out by hand apart from the policies (src/domain/policies.ts) so that a change to either shows up as a
 * difference. `tests/api/authorization-matrix.test.ts` holds the running server to it: a route
 * missing here fails, a declared ability that differs fails, and every role's answer must match.
 * "allowed" means the route ran past authorization (its answer may still be 400 or 404); 401 and
 * 403 are the refusals. Routes that take the id of a customer's record are listed in
 * OWNED_RECORD_ROUTES: another customer asking for it gets 404, so ids do not leak.
 */

/** The callers the matrix tries: no token, each demo role, and a second full customer. */
export const MATRIX_ROLES = [
  'anonymous',
  'customer',
  'steamshipLine',
  'staff',
  'readOnly',
  'suspended',
  'otherCustomer',
  /** Issue 18: API keys of the second customer (made by staff): read only, and book+read+cancel. */
  'readKey',
  'fullKey',
  /** Issue 31: a location operator's gate key (made by staff): gate events and nothing else. */
  'gateKey',
] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];
export type Outcome = 'allowed' | 401 | 403;
export type Audience = Readonly<Record<MatrixRole, Outcome>>;

const audience = (allowed: readonly MatrixRole[], anonymous: Outcome = 401): Audience =>
  Object.fromEntries(
    MATRIX_ROLES.map((r) => [r, r === 'anonymous' ? anonymous : allowed.includes(r) ? 'allowed' : 403]),
  ) as Audience;

const CUSTOMERS: readonly MatrixRole[] = ['customer', 'steamshipLine', 'suspended', 'otherCustomer'];
/** A person's session routes ('signedIn') refuse API keys; a key's abilities decide the rest. */
const SIGNED_IN: readonly MatrixRole[] = [
  'customer',
  'steamshipLine',
  'staff',
  'readOnly',
  'suspended',
  'otherCustomer',
];
/** The seed's roles (SPEC §6): who holds which bits. */
export const AUDIENCES = {
  everyone: audience([...MATRIX_ROLES], 'allowed'),
  signedIn: audience(SIGNED_IN),
  /** The dashboard and an order's documents (order.search): every user, and keys with read. */
  orderReaders: audience([...SIGNED_IN, 'readKey', 'fullKey']),
  /** A lookup every signed-in user reads: any API key too. */
  lookupReaders: audience([...SIGNED_IN, 'readKey', 'fullKey']),
  staffReaders: audience(['staff', 'readOnly']),
  staffWriters: audience(['staff']),
  /** Create or Update on a pool booking entity: every customer role and staff, not read-only. */
  poolBookers: audience([...CUSTOMERS, 'staff', 'fullKey']),
  /** Reposition and pool redelivery bits: the full customer roles and staff, not the steamship line. */
  repositionBookers: audience(['customer', 'suspended', 'otherCustomer', 'staff', 'fullKey']),
  poolRedeliverers: audience(['customer', 'suspended', 'otherCustomer', 'staff', 'fullKey']),
  termLeaseBookers: audience([...CUSTOMERS, 'staff', 'fullKey']),
  termLeaseRedeliverers: audience([...CUSTOMERS, 'staff', 'fullKey']),
  /** Issue 31: gate events come from a gate key only; no person's session sends them. */
  gateSenders: audience(['gateKey']),
  /** Whoever may cancel some type of order (each order's own verdict decides the rest). */
  orderCancellers: audience([...CUSTOMERS, 'staff', 'fullKey']),
} as const;

export interface RoutePolicy {
  /** The ability's name as the policies module gives it ('public', 'signedIn', 'optional' for those). */
  ability: string;
  who: Audience;
  /** Path parameters to call it with (default: every parameter 2147483647, a record nobody has). */
  params?: Readonly<Record<string, string>>;
}

const A = AUDIENCES;
type RouteTable = Readonly<Record<string, RoutePolicy | readonly RoutePolicy[]>>;

/**
 * The routes written out by hand: every route but a flow's submit and update, which
 * flowRoutePolicies derives from the flow files. Keyed by "METHOD url" as Fastify registers it.
 * The API documentation (/api/docs/*) is public.
 */
const HAND_ROUTE_POLICIES: RouteTable = {
  'GET /api/openapi.json': { ability: 'public', who: A.everyone },
  'POST /api/auth/login': { ability: 'public', who: A.everyone },
  'GET /api/auth/refresh': { ability: 'signedIn', who: A.signedIn },
  'GET /api/auth/status': { ability: 'signedIn', who: A.signedIn },
  'POST /api/auth/logout': { ability: 'signedIn', who: A.signedIn },
  'POST /api/auth/signup': { ability: 'public', who: A.everyone },
  'GET /api/auth/usernames': { ability: 'public', who: A.everyone },
  'POST /api/auth/recoverpassword': { ability: 'public', who: A.everyone },
  'POST /api/auth/validateresetpassword': { ability: 'public', who: A.everyone },
  'POST /api/auth/resetpassword': { ability: 'optional', who: A.everyone },
  'POST /api/auth/changepassword': { ability: 'signedIn', who: A.signedIn },
  'GET /api/users/me/account': { ability: 'signedIn', who: A.signedIn },
  // Issue 18: a company's API keys; an API key itself is refused (a key cannot make keys).
  'GET /api/account/apikeys': { ability: 'integrations.manage', who: A.staffWriters },
  'POST /api/account/apikeys': { ability: 'integrations.manage', who: A.staffWriters },
  'POST /api/account/apikeys/:id/revoke': { ability: 'integrations.manage', who: A.staffWriters },
  'PUT /api/auth/updateaccount': { ability: 'signedIn', who: A.signedIn },
  'GET /api/auth/accessrequests': { ability: 'accessRequests.read', who: A.staffReaders },
  'GET /api/users/:id': { ability: 'signedIn', who: A.signedIn },
  'GET /api/users/me/draftkey': { ability: 'signedIn', who: A.signedIn },
  'PUT /api/users/:id/active': { ability: 'users.manage', who: A.staffWriters },
  'POST /api/users/:id/forcepasswordreset': { ability: 'users.manage', who: A.staffWriters },
  'GET /api/lookup/:dataset': [
    { ability: 'lookup.read(dataset)', who: A.lookupReaders, params: { dataset: 'locations' } },
    { ability: 'lookup.read(dataset)', who: A.staffReaders, params: { dataset: 'pendingReasons' } },
    { ability: 'lookup.read(dataset)', who: A.repositionBookers, params: { dataset: 'repositionReasons' } },
    {
      ability: 'lookup.read(dataset)',
      who: A.poolRedeliverers,
      params: { dataset: 'poolRedeliveryReasons' },
    },
    {
      ability: 'lookup.read(dataset)',
      who: A.termLeaseBookers,
      params: { dataset: 'filteredLocationByLongtermContract' },
    },
  ],
  // Issue 30 §3: each dataset of the batch is then checked as its own route checks it (lookup.test.ts).
  'GET /api/lookups': { ability: 'lookup.read(dataset)', who: A.lookupReaders },
  'POST /api/lookup/equipment': { ability: 'signedIn', who: A.signedIn },
  'GET /config/config.json': { ability: 'public', who: A.everyone },
  'GET /api/public/config': { ability: 'public', who: A.everyone },
  'GET /api/version': { ability: 'public', who: A.everyone },
  // Issue 29: health and readiness for balancers; /metrics checks its caller itself (loopback or
  // METRICS_TOKEN, operations/routes.ts) — the matrix's calls come from loopback.
  'GET /healthz': { ability: 'public', who: A.everyone },
  'GET /readyz': { ability: 'public', who: A.everyone },
  'GET /metrics': { ability: 'public', who: A.everyone },
  'GET /api/configuration/ui': { ability: 'signedIn', who: A.signedIn },
  'GET /api/bookingpending/allRequestTypes': { ability: 'pending.read', who: A.staffReaders },
  'GET /api/bookingpending/allRequestFailures': { ability: 'pending.read', who: A.staffReaders },
  'POST /api/bookingpending/search': { ability: 'pending.read', who: A.staffReaders },
  'POST /api/bookingpending/inventory': { ability: 'pending.read', who: A.staffReaders },
  'POST /api/bookingpending/execute/validation': { ability: 'pending.decide', who: A.staffWriters },
  'POST /api/bookingpending/execute/accept': { ability: 'pending.decide', who: A.staffWriters },
  'POST /api/bookingpending/execute/reject': { ability: 'pending.decide', who: A.staffWriters },
  'POST /api/poolbooking/availableunits': { ability: 'book(PB)', who: A.poolBookers },
  'POST /api/dailyleasebooking/availableunits': { ability: 'book(DL)', who: A.poolBookers },
  'POST /api/repositionbooking/availability': { ability: 'book(RP)', who: A.repositionBookers },
  'POST /api/poolredelivery/check': { ability: 'book(PR)', who: A.poolRedeliverers },
  'GET /api/longtermbooking/getContractInfo/:id': { ability: 'book(TL)', who: A.termLeaseBookers },
  'GET /api/longtermbooking/getlongtermmarket/:id': { ability: 'book(TL)', who: A.termLeaseBookers },
  'POST /api/longtermbooking/getContractInfo': { ability: 'book(TL)', who: A.termLeaseBookers },
  'POST /api/longtermbooking/checkavailability': { ability: 'book(TL)', who: A.termLeaseBookers },
  'POST /api/longtermbooking/cancelLongTermOrder': { ability: 'termLease.update', who: A.termLeaseBookers },
  'GET /api/longtermbooking/open/:orderId/:statuses': {
    ability: 'book(TL)',
    who: A.termLeaseBookers,
    params: { orderId: '2147483647', statuses: 'OP' },
  },
  'POST /api/longtermredelivery': { ability: 'book(TR)', who: A.termLeaseRedeliverers },
  'POST /api/longtermredelivery/contractForChassis': { ability: 'book(TR)', who: A.termLeaseRedeliverers },
  'PUT /api/longtermredelivery/cancelOrder': { ability: 'order.cancel', who: A.termLeaseRedeliverers },
  'GET /api/longtermredelivery/getLongTermRedeliveryOrder/:id': {
    ability: 'book(TR)',
    who: A.termLeaseRedeliverers,
  },
  'GET /api/longtermredelivery/getViewLongTermRedeliveryOrder/:id': {
    ability: 'book(TR)',
    who: A.termLeaseRedeliverers,
  },
  'GET /api/longtermredelivery/getlongtermredeliverydetails/:id': {
    ability: 'book(TR)',
    who: A.termLeaseRedeliverers,
  },
  'GET /api/longtermredelivery/getlongtermswapredeliveries/:id': {
    ability: 'book(TR)',
    who: A.termLeaseRedeliverers,
  },
  'POST /api/dashboard/search': { ability: 'order.search', who: A.orderReaders },
  'GET /api/dashboard/details/:id': { ability: 'order.search', who: A.orderReaders },
  'POST /api/dashboard/export': { ability: 'order.search', who: A.orderReaders },
  'POST /api/dashboard/downloadExcel': { ability: 'order.search', who: A.orderReaders },
  'POST /api/dashboard/hub/negotiate': { ability: 'signedIn', who: A.signedIn },
  /** The WebSocket checks its own connection token (issued by negotiate) before the upgrade. */
  'GET /api/dashboard/hub': { ability: 'public', who: A.everyone },
  'PUT /api/bookingorder/cancelOrder': { ability: 'order.cancel', who: A.orderCancellers },
  'GET /api/bookingorder/:id/document': { ability: 'order.search', who: A.orderReaders },
  'POST /api/weeklythreshold/search': { ability: 'threshold.read', who: A.staffReaders },
  'POST /api/weeklythreshold': { ability: 'threshold.create', who: A.staffWriters },
  'PUT /api/weeklythreshold/:id': { ability: 'threshold.update', who: A.staffWriters },
  'DELETE /api/weeklythreshold/:id': { ability: 'threshold.delete', who: A.staffWriters },
  /** The meter beside a pool booking: whoever may book pool units. */
  'GET /api/weeklythreshold/meter': { ability: 'threshold.meter', who: A.poolBookers },
  'POST /api/internalreservation/search': { ability: 'reservation.read', who: A.staffReaders },
  'POST /api/internalreservation': { ability: 'reservation.create', who: A.staffWriters },
  'PUT /api/internalreservation/:id': { ability: 'reservation.update', who: A.staffWriters },
  'POST /api/manualinventory/search': { ability: 'manualInventory.read', who: A.staffReaders },
  'POST /api/manualinventory/difference': { ability: 'manualInventory.read', who: A.staffReaders },
  'POST /api/manualinventory': { ability: 'manualInventory.create', who: A.staffWriters },
  'POST /api/inventoryavailability/search': { ability: 'inventory.read', who: A.staffReaders },
  'POST /api/inventoryavailability/trend': { ability: 'inventory.read', who: A.staffReaders },
  'POST /api/inventoryavailability/downloadExcel': { ability: 'inventory.read', who: A.staffReaders },
  // Issue 18: the audit trail search is staff-only (its rows span every customer).
  'GET /api/audit': { ability: 'audit.search', who: A.staffReaders },
  'GET /api/audit/export': { ability: 'audit.search', who: A.staffReaders },
  // Issue 18: Update on the application role entity, which in the seed only staff hold; a
  // customer's administrator given it manages their own company's (tests/api/webhooks.test.ts).
  'GET /api/webhooks/subscriptions': { ability: 'integrations.manage', who: A.staffWriters },
  'POST /api/webhooks/subscriptions': { ability: 'integrations.manage', who: A.staffWriters },
  'PUT /api/webhooks/subscriptions/:id': { ability: 'integrations.manage', who: A.staffWriters },
  'DELETE /api/webhooks/subscriptions/:id': { ability: 'integrations.manage', who: A.staffWriters },
  'GET /api/webhooks/subscriptions/:id/deliveries': { ability: 'integrations.manage', who: A.staffWriters },
  'POST /api/webhooks/subscriptions/:id/deliveries/:deliveryId/resend': {
    ability: 'integrations.manage',
    who: A.staffWriters,
  },
  // Issue 31: gate events, the staff's exceptions list, the chassis a company holds, the lookup.
  'POST /api/gateevents': { ability: 'gate.send', who: A.gateSenders },
  'GET /api/gateevents/exceptions': { ability: 'gate.exceptions.read', who: A.staffReaders },
  'POST /api/gateevents/exceptions/:id/resolve': { ability: 'gate.exceptions.resolve', who: A.staffWriters },
  'POST /api/gateevents/exceptions/:id/dismiss': { ability: 'gate.exceptions.resolve', who: A.staffWriters },
  /** Staff name the company (CustomerId): without one they are answered 400, past authorization. */
  'GET /api/chassis/held': { ability: 'chassis.held', who: A.orderReaders },
  'GET /api/chassis/held/export': { ability: 'chassis.held', who: A.orderReaders },
  'GET /api/chassis/lookup/:chassisId': {
    ability: 'signedIn',
    who: A.signedIn,
    params: { chassisId: 'PLCZ123456' },
  },
};

/**
 * Who holds some bit of each permission entity a flow names, in the seed (SPEC §6 roles), written
 * out by hand apart from the policies: a flow's submit and update let through whoever holds one of
 * its requirements. API keys book for a customer, so a full key holds what a customer's user holds.
 */
const SEED_HOLDERS: Readonly<Record<string, readonly MatrixRole[]>> = {
  CustomerPoolBooking: [...CUSTOMERS, 'fullKey'],
  InternalPoolBooking: ['staff'],
  RepositionBooking: ['customer', 'suspended', 'otherCustomer', 'staff', 'fullKey'],
  PoolRedelivery: ['customer', 'suspended', 'otherCustomer', 'staff', 'fullKey'],
  TermLeaseBooking: [...CUSTOMERS, 'staff', 'fullKey'],
  TermLeaseRedelivery: [...CUSTOMERS, 'staff', 'fullKey'],
};

/** What the matrix reads of a loaded flow file. */
export interface FlowRouteFacts {
  id: string;
  permissions: readonly { entity: string }[];
  requiresGoodStanding?: boolean;
  submit: { url: string };
  edit?: { update?: { url: string } };
}

/**
 * A flow's submit and update rows (issue 26: a new flow file's routes are in the matrix without a
 * line here): ability flow(<id>); through for whoever holds one of its entities, and for a submit
 * of a flow that asks for good standing not the suspended account (SPEC §6) — an edit does not ask.
 */
export function flowRoutePolicies(flows: readonly FlowRouteFacts[]): RouteTable {
  const rows: Record<string, RoutePolicy> = {};
  for (const flow of flows) {
    const holders = [...new Set(flow.permissions.flatMap((p) => SEED_HOLDERS[p.entity] ?? []))];
    if (holders.length === 0) throw new Error(`flow ${flow.id} names an entity SEED_HOLDERS does not list`);
    const ability = `flow(${flow.id})`;
    const submitters = flow.requiresGoodStanding ? holders.filter((r) => r !== 'suspended') : holders;
    rows[`POST ${flow.submit.url}`] = { ability, who: audience(submitters) };
    const update = flow.edit?.update?.url;
    if (update) rows[`POST ${update}`] = { ability, who: audience(holders) };
  }
  return rows;
}

/** The whole matrix of a server serving `flows`: the hand-written rows and the flows' own. */
export const routePolicies = (flows: readonly FlowRouteFacts[]): RouteTable => ({
  ...HAND_ROUTE_POLICIES,
  ...flowRoutePolicies(flows),
});

/** A customer's record a route can be asked for: an order of a type, a contract, a user. */
export type OwnedRecord = { kind: 'order'; orderType: string } | { kind: 'contract' } | { kind: 'user' };

export interface OwnedRecordRoute {
  route: string;
  record: OwnedRecord;
  /** Where the id goes: a path parameter or a body field. */
  idIn: { path: string } | { body: string };
  /** Path parameters besides the id. */
  params?: Readonly<Record<string, string>>;
}

/**
 * Every route that takes the id of one customer's record. The update routes (reposition, term
 * lease, term lease redelivery) take a whole order in their body: another customer's order there
 * answers 404 in their own edit tests (reposition-edit, term-lease-edit, term-lease-redelivery).
 */
export const OWNED_RECORD_ROUTES: readonly OwnedRecordRoute[] = [
  { route: 'GET /api/users/:id', record: { kind: 'user' }, idIn: { path: 'id' } },
  {
    route: 'GET /api/dashboard/details/:id',
    record: { kind: 'order', orderType: 'PB' },
    idIn: { path: 'id' },
  },
  {
    route: 'GET /api/bookingorder/:id/document',
    record: { kind: 'order', orderType: 'RP' },
    idIn: { path: 'id' },
  },
  {
    route: 'PUT /api/bookingorder/cancelOrder',
    record: { kind: 'order', orderType: 'PB' },
    idIn: { body: 'BookingOrderId' },
  },
  {
    route: 'GET /api/longtermbooking/getContractInfo/:id',
    record: { kind: 'contract' },
    idIn: { path: 'id' },
  },
  {
    route: 'GET /api/longtermbooking/getlongtermmarket/:id',
    record: { kind: 'contract' },
    idIn: { path: 'id' },
  },
  {
    route: 'POST /api/longtermbooking/getContractInfo',
    record: { kind: 'contract' },
    idIn: { body: 'ContractId' },
  },
  {
    route: 'GET /api/longtermbooking/open/:orderId/:statuses',
    record: { kind: 'order', orderType: 'TL' },
    idIn: { path: 'orderId' },
    params: { statuses: 'OP,CN,CL,FF,PN' },
  },
  {
    route: 'POST /api/longtermbooking/cancelLongTermOrder',
    record: { kind: 'order', orderType: 'TL' },
    idIn: { body: 'BookingOrderId' },
  },
  {
    route: 'GET /api/longtermredelivery/getLongTermRedeliveryOrder/:id',
    record: { kind: 'order', orderType: 'TR' },
    idIn: { path: 'id' },
  },
  {
    route: 'GET /api/longtermredelivery/getViewLongTermRedeliveryOrder/:id',
    record: { kind: 'order', orderType: 'TR' },
    idIn: { path: 'id' },
  },
  {
    route: 'GET /api/longtermredelivery/getlongtermredeliverydetails/:id',
    record: { kind: 'order', orderType: 'TR' },
    idIn: { path: 'id' },
  },
  {
    route: 'GET /api/longtermredelivery/getlongtermswapredeliveries/:id',
    record: { kind: 'order', orderType: 'TR' },
    idIn: { path: 'id' },
  },
  {
    route: 'PUT /api/longtermredelivery/cancelOrder',
    record: { kind: 'order', orderType: 'TR' },
    idIn: { body: 'BookingOrderId' },
  },
];
