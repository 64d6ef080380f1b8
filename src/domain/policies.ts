/**
 * Who may do what (SPEC §6, issue 11): every ability of the portal, named once. A route declares
 * the ability it needs (`config.access`), the access plugin checks it before the route runs, and
 * the domain and presenters call the row-level functions below for what depends on the record
 * (whose order, whose user). The client reads the same abilities to show or hide things. No
 * permission check lives anywhere else: a bit test or an `isInternal` test outside this module is
 * a defect.
 */
import { LOOKUP_DATASET_ACCESS, type LookupDataset } from './lookups';
import {
  AreaAccess,
  Entity,
  type EntityName,
  hasAnyPermission,
  Permission,
  type PermissionRequirement,
  type PermissionSet,
} from './permissions';

/** What the policies look at of a caller: their bits, whether they are staff, and their customer. */
export interface Actor {
  permissions: PermissionSet;
  isInternal: boolean;
  customerId: number | null;
  /** Issue 18: set when a call came with an API key: the only abilities the key may use. */
  apiKeyAbilities?: readonly ApiKeyAbility[];
}

/**
 * Issue 18: what an API key may be given. A key acts as the user who made it, for one company, and
 * only through the named abilities below whose `apiKey` is one the key holds: `read` the dashboard
 * and an order's documents, `book` (and change) through the booking screens' calls, `cancel` an
 * order. Everything else (a person's session and account, staff tools, managing keys) refuses keys.
 */
export const API_KEY_ABILITIES = ['book', 'read', 'cancel'] as const;
/**
 * Issue 31: a terminal's or depot's key sends gate events and nothing else. Only staff make one,
 * for the location operator's company and the locations it reports for; it holds no other ability.
 */
export const GATE_KEY_ABILITY = 'gate';
/** Every ability a key may hold: a company's (API_KEY_ABILITIES) or a location operator's gate. */
export const KEY_ABILITIES = [...API_KEY_ABILITIES, GATE_KEY_ABILITY] as const;
export type ApiKeyAbility = (typeof KEY_ABILITIES)[number];

/** The customer-facing booking entities: a key's bits are taken from these only, never staff ones. */
const API_KEY_ENTITIES: readonly EntityName[] = [
  Entity.CustomerPoolBooking,
  Entity.TermLeaseBooking,
  Entity.RepositionBooking,
  Entity.PoolRedelivery,
  Entity.TermLeaseRedelivery,
];
/** The bits each key ability keeps of its creator's (book needs Update too: the edit calls ask it). */
const API_KEY_BITS: Readonly<Record<ApiKeyAbility, number>> = {
  read: Permission.Read,
  book: Permission.Read | Permission.Create | Permission.Update,
  cancel: Permission.Read | Permission.Update,
  gate: 0,
};

/**
 * The bits a key holds: its creator's (as they are now), narrowed to the customer-facing booking
 * entities and to the bits of its abilities, so a key never holds more than whoever made it; and
 * (issue 28) to what the company's own users hold, so a key staff make for a company does no more
 * than that company's people may (docs/integrations.md).
 * Update is shared by book and cancel: `can` tells them apart by each ability's `apiKey`.
 */
export function apiKeyPermissions(
  creator: PermissionSet,
  abilities: readonly ApiKeyAbility[],
  company: PermissionSet,
): PermissionSet {
  const mask = abilities.reduce((bits, a) => bits | API_KEY_BITS[a], 0);
  const out: PermissionSet = {};
  for (const entity of API_KEY_ENTITIES) out[entity] = (creator[entity] ?? 0) & (company[entity] ?? 0) & mask;
  return out;
}

/**
 * Whether an API key may call a route of this access at all. 'signedIn' routes belong to a person's
 * session (account, password, sign-out, the live hub): keys are refused there.
 */
export function apiKeyMayCall(access: 'signedIn' | Ability): boolean {
  return access !== 'signedIn';
}
export const API_KEY_SESSION_REFUSAL =
  'An API key cannot call this: it belongs to a signed-in person (account, password, session, live updates). Sign in to the portal instead.';

/**
 * A named ability. `requires`: SPEC §6 requirements of which any one grants it (empty: every
 * signed-in user); a function of the route's parameters where they decide (a lookup's dataset).
 * `staffOnly`: only internal users, whatever their bits.
 */
export interface Ability {
  readonly name: string;
  readonly requires:
    | readonly PermissionRequirement[]
    | ((params: Readonly<Record<string, string>>) => readonly PermissionRequirement[]);
  readonly staffOnly?: boolean;
  /** Internal users hold it whatever their bits; others by `requires`. */
  readonly staffToo?: boolean;
  /** What a refused caller reads, when it can say more than "no permission". */
  readonly refusal?: (params: Readonly<Record<string, string>>) => string;
  /**
   * Issue 18: the key ability that lets an API key use it ('any': every company key, not a gate
   * key); absent: no key may.
   */
  readonly apiKey?: ApiKeyAbility | 'any';
  /** Issue 31: only a call with an API key holding `apiKey` gets through (no person's session). */
  readonly keyOnly?: boolean;
  /** Issue 31: a customer's users only (what their own company holds); staff have no company. */
  readonly externalOnly?: boolean;
}

const ability = (name: string, requires: Ability['requires'], more: Partial<Ability> = {}): Ability => ({
  name,
  requires,
  ...more,
});

/** The 403 text of a refused ability. */
export const refusalOf = (
  which: Ability,
  params: Readonly<Record<string, string>> = {},
  actor?: Pick<Actor, 'apiKeyAbilities'>,
): string => {
  if (actor?.apiKeyAbilities && !keyHolds(actor.apiKeyAbilities, which))
    return which.apiKey && which.apiKey !== 'any'
      ? `This API key does not have the ${which.apiKey} ability: make a key that has it on My Account.`
      : 'An API key cannot use this function. Sign in to the portal instead.';
  return which.refusal?.(params) ?? 'You do not have permission to use this function.';
};

const keyHolds = (abilities: readonly ApiKeyAbility[], which: Ability): boolean =>
  which.apiKey === 'any'
    ? abilities.some((a) => a !== GATE_KEY_ABILITY)
    : which.apiKey !== undefined && abilities.includes(which.apiKey);

const need = (entity: EntityName, bits: number): PermissionRequirement[] => [{ entity, bits }];

/** Whether the actor holds the ability (with the route's parameters, for those that read them). */
export function can(
  actor: Pick<Actor, 'permissions'> & Partial<Actor>,
  which: Ability,
  params: Readonly<Record<string, string>> = {},
): boolean {
  if (actor.apiKeyAbilities && !keyHolds(actor.apiKeyAbilities, which)) return false;
  if (which.keyOnly && !actor.apiKeyAbilities) return false;
  if (which.externalOnly && actor.isInternal !== false) return false;
  if (which.staffOnly && actor.isInternal !== true) return false;
  if (which.staffToo && actor.isInternal === true) return true;
  const requires = typeof which.requires === 'function' ? which.requires(params) : which.requires;
  return hasAnyPermission(actor.permissions, requires);
}

export const Abilities = {
  /** Any signed-in user: their own account, the dashboard of what they may see, lookups of their own. */
  session: ability('session', []),
  orderSearch: ability('order.search', AreaAccess.dashboard, { apiKey: 'read' }),
  /** A lookup dataset: some belong to one area (SPEC §3), the rest to every signed-in user. */
  lookupRead: ability(
    'lookup.read(dataset)',
    (params) => (params.dataset ? (LOOKUP_DATASET_ACCESS[params.dataset as LookupDataset] ?? []) : []),
    { refusal: (params) => `You do not have permission to read ${params.dataset}.`, apiKey: 'any' },
  ),
  accessRequestsRead: ability('accessRequests.read', [], {
    staffOnly: true,
    refusal: () => 'Only internal staff can see requests for access.',
  }),
  pendingRead: ability('pending.read', AreaAccess.pendingQueue),
  pendingDecide: ability('pending.decide', need(Entity.PendingQueue, Permission.Update)),
  thresholdRead: ability('threshold.read', AreaAccess.weeklyThreshold),
  thresholdCreate: ability('threshold.create', need(Entity.WeeklyThreshold, Permission.Create)),
  thresholdUpdate: ability('threshold.update', need(Entity.WeeklyThreshold, Permission.Update)),
  thresholdDelete: ability('threshold.delete', need(Entity.WeeklyThreshold, Permission.Delete)),
  /** The weekly threshold meter beside a pool booking (SPEC §5). */
  thresholdMeter: ability('threshold.meter', AreaAccess.poolBooking, { apiKey: 'book' }),
  reservationRead: ability('reservation.read', AreaAccess.internalReservation),
  reservationCreate: ability('reservation.create', need(Entity.InternalReservation, Permission.Create)),
  reservationUpdate: ability('reservation.update', need(Entity.InternalReservation, Permission.Update)),
  manualInventoryRead: ability('manualInventory.read', AreaAccess.manualInventory),
  manualInventoryCreate: ability('manualInventory.create', need(Entity.ManualInventory, Permission.Create)),
  inventoryRead: ability('inventory.read', AreaAccess.inventoryAvailability),
  /** Cancelling a term lease order on its own screen (the route's only use): a key's `cancel`. */
  termLeaseOrderUpdate: ability('termLease.update', need(Entity.TermLeaseBooking, Permission.Update), {
    apiKey: 'cancel',
  }),
  /**
   * Issue 18: a company's API keys and webhook subscriptions. Its administrator (Update on the
   * application role entity) for their own company; staff for any (mayActFor decides the company).
   */
  integrationsManage: ability('integrations.manage', need(Entity.ApplicationRole, Permission.Update)),
  /**
   * Issue 27: deactivate, reactivate or force a password reset of a user — staff with the Security
   * application's rights to change (Update on the application role entity; SPEC §6 shows Security
   * for its Read). A customer's administrator holds that bit for their own company's keys, not this.
   */
  usersManage: ability('users.manage', need(Entity.ApplicationRole, Permission.Update), {
    staffOnly: true,
    refusal: () => 'Only staff with the Security application can deactivate users or force a password reset.',
  }),
  /** Issue 18: the audit trail across orders (filter by user, customer, day; export): staff only. */
  auditSearch: ability('audit.search', AreaAccess.dashboard, {
    staffOnly: true,
    refusal: () => 'Only internal staff can search the audit trail.',
  }),
  /** Issue 32: the flow catalogue (fields, rules, limits of every flow): analysts, and staff. */
  flowCatalogue: ability('flows.catalogue', need(Entity.BusinessRules, Permission.Read), { staffToo: true }),
  /** Issue 32: the live preview of a flow with its rules or limits changed in the browser (nothing saved). */
  flowPreview: ability('flows.preview', need(Entity.BusinessRules, Permission.Update)),
  /** Issue 31: a terminal's or depot's system sends gate events, with a gate key only. */
  gateEventsSend: ability('gate.send', [], {
    apiKey: 'gate',
    keyOnly: true,
    refusal: () =>
      'Gate events are sent by a terminal’s or depot’s system with a gate API key, which staff make for the location operator.',
  }),
  /** Issue 31: the gate events staff must look at (exceptions, flagged returns). */
  gateExceptionsRead: ability('gate.exceptions.read', AreaAccess.manualInventory, {
    staffOnly: true,
    refusal: () => 'Only internal staff can see gate event exceptions.',
  }),
  /** Issue 31: resolve an exception by choosing its booking, or dismiss it with a reason. */
  gateExceptionsResolve: ability('gate.exceptions.resolve', need(Entity.ManualInventory, Permission.Create), {
    staffOnly: true,
    refusal: () => 'Only internal staff who keep the chassis records can resolve gate event exceptions.',
  }),
  /** Issue 31: the chassis a company holds (My chassis), and the picker of the redelivery flows. */
  chassisHeld: ability('chassis.held', [], { apiKey: 'read' }),
  /** Issue 31: the My chassis page: a customer's users (staff name a company through the API). */
  myChassis: ability('chassis.mine', [], { externalOnly: true }),
  /** Submit or update through a flow: the flow file's permissions (any pair grants it). */
  flow: (flowId: string, requires: readonly PermissionRequirement[]) =>
    ability(`flow(${flowId})`, requires, { apiKey: 'book' }),
  /** The calls a booking type's screens make (availability, checks): whoever may book it. */
  book: (orderType: string, requires: readonly PermissionRequirement[]) =>
    ability(`book(${orderType})`, requires, { apiKey: 'book' }),
  /** Cancel order: whoever may cancel some type; the order's own verdict decides the rest. */
  orderCancel: (requires: readonly PermissionRequirement[]) =>
    ability('order.cancel', requires, { apiKey: 'cancel' }),
} as const;

// ---- Row-level decisions: the domain and presenters call these, nothing else decides. ----

/** SPEC §6 party scoping: staff see every customer's records; a customer's users their own. */
export const seesEveryCustomer = (actor: Pick<Actor, 'isInternal'>): boolean => actor.isInternal;

/** Whether a record of this customer is the actor's to see (and, with the bits, to act on). */
export const mayActFor = (actor: Actor, customerId: number | null | undefined): boolean =>
  actor.isInternal || (customerId != null && actor.customerId === customerId);

/** The customers whose records a query may return: all, or the actor's own (none without one). */
export type CustomerScope = { kind: 'all' } | { kind: 'parties'; customerId: number };
export const customerScope = (actor: Actor): CustomerScope =>
  actor.isInternal ? { kind: 'all' } : { kind: 'parties', customerId: actor.customerId ?? -1 };

/** Another user's account (details, status) is staff's to read; anyone may read their own. */
export const maySeeUser = (actor: Actor, isSelf: boolean): boolean => isSelf || actor.isInternal;

/**
 * An order ability of the booking-type registry (edit, cancel): staff by their bits; a customer's
 * users by theirs, and only on orders of their own customer.
 */
export function holdsOrderAbility(
  actor: Actor,
  lists: { staff: readonly PermissionRequirement[]; customer: readonly PermissionRequirement[] },
  orderCustomerId: number,
): boolean {
  const list = actor.isInternal ? lists.staff : lists.customer;
  return list.length > 0 && mayActFor(actor, orderCustomerId) && hasAnyPermission(actor.permissions, list);
}

/** Staff may pick the customer a booking is for; a customer's users book for their own (SPEC §6). */
export const mayChooseCustomer = seesEveryCustomer;

/**
 * Staff booking or checking for a customer are judged as that customer (issue 26: one function,
 * not a copied object literal): the chassis on hire to *them*, their orders — what that customer's
 * own users would be told, no more.
 */
export const asCustomer = <A extends Actor>(actor: A, customerId: number): A => ({
  ...actor,
  customerId,
  isInternal: false,
});

/** Bookings need an account in good standing (SPEC §6); staff are always in good standing. */
export const needsGoodStanding = (actor: Pick<Actor, 'isInternal'>): boolean => !actor.isInternal;
