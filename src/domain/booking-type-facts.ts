/**
 * What the portal knows of each booking order type (SPEC §3 and §5), as data both sides read: its
 * code and name, the flows that book it, and the traits the per-type lists used to spell out one by
 * one — who draws on a pool yard, who is under a contract, which types are redeliveries, which a
 * gate out-gate picks up. The server's registry (src/server/bookings/product-types.ts) attaches its
 * bookers and updaters to these facts; every list of order types is derived from here.
 *
 * Data only: this file imports nothing but types, so the browser, the server, migrations and the
 * registry may all read it without an import cycle.
 */
import type { Area } from './permissions';

/** The location flag that says a yard takes a type's bookings (a locations column). */
export type YardFlag = 'pool_booking_allowed' | 'daily_lease_allowed';

export interface BookingTypeFacts {
  orderType: string;
  /** The booking_order_types name, shown on the dashboard, in the filters and mails. */
  name: string;
  /** The flow files that book it (their ids); none for types booked by a screen of their own. */
  flows: readonly string[];
  /** The screen area whose permissions book it, if one does. */
  area: Area | null;
  /** SPEC §6: refused to an account not in good standing (its flows say the same). */
  requiresGoodStanding: boolean;
  /** SPEC §5: offered in the booking order type list (RD is removed from it). */
  offered: boolean;
  /** SPEC §5: shown and searched on the dashboard and the pending queue's filter (not IR, MI, RD). */
  onDashboard: boolean;
  /**
   * Its open bookings take units out of a pool yard (availability counts them as held, the pending
   * queue checks inventory for them); `yards` is the flag of the locations that take them.
   */
  pool: { yards: YardFlag } | null;
  /** Its bookings count toward, and are held to, the customer's weekly threshold. */
  countsTowardThreshold: boolean;
  /** Booked against a term lease contract (the pending queue checks the contract). */
  underContract: boolean;
  /** Holds chassis on their way back: a chassis on an open one cannot be listed again. */
  redelivery: boolean;
  /**
   * Names chassis the customer already holds, to keep them on hire (reuse): a chassis on an open one
   * cannot be listed on another such booking.
   */
  reusesHeldChassis: boolean;
  /** A gate out-gate puts a chassis on hire against an open booking of this type. */
  pickedUpAtGate: boolean;
}

const fact = <const T extends BookingTypeFacts>(f: T) => f;

const none = {
  flows: [],
  area: null,
  requiresGoodStanding: false,
  offered: true,
  onDashboard: true,
  pool: null,
  countsTowardThreshold: false,
  underContract: false,
  redelivery: false,
  reusesHeldChassis: false,
  pickedUpAtGate: false,
} as const;

/** Every order type, in the order the filters offer them. */
export const BOOKING_TYPE_FACTS = [
  fact({
    ...none,
    orderType: 'PB',
    name: 'Pool Booking',
    flows: ['pool-booking', 'inventory-booking'],
    area: 'poolBooking',
    requiresGoodStanding: true,
    pool: { yards: 'pool_booking_allowed' },
    countsTowardThreshold: true,
    pickedUpAtGate: true,
  }),
  fact({
    ...none,
    orderType: 'RU',
    name: 'Reuse Booking',
    flows: ['reuse-booking'],
    area: 'reuseBooking',
    requiresGoodStanding: true,
    reusesHeldChassis: true,
  }),
  fact({
    ...none,
    orderType: 'TL',
    name: 'Term Lease Booking',
    flows: ['term-lease-booking'],
    area: 'termLeaseBooking',
    requiresGoodStanding: true,
    // Units come from the contract's org, never from a pool yard; the contract line caps them.
    underContract: true,
    pickedUpAtGate: true,
  }),
  fact({
    ...none,
    orderType: 'RP',
    name: 'Reposition Booking',
    flows: ['reposition-booking'],
    area: 'repositionBooking',
    requiresGoodStanding: true,
    pool: { yards: 'pool_booking_allowed' },
  }),
  fact({
    ...none,
    orderType: 'DL',
    name: 'Daily Lease Booking',
    flows: ['daily-lease-booking'],
    area: 'dailyLeaseBooking',
    requiresGoodStanding: true,
    pool: { yards: 'daily_lease_allowed' },
    countsTowardThreshold: true,
    pickedUpAtGate: true,
  }),
  fact({
    ...none,
    orderType: 'TR',
    name: 'Term Lease Redelivery',
    flows: ['term-lease-redelivery'],
    area: 'termLeaseRedelivery',
    underContract: true,
    redelivery: true,
  }),
  fact({
    ...none,
    orderType: 'PR',
    name: 'Pool Redelivery',
    flows: ['pool-redelivery'],
    area: 'poolRedelivery',
    redelivery: true,
  }),
  // Internal and never a customer's booking (SPEC §5): booked by staff screens of their own.
  fact({
    ...none,
    orderType: 'IR',
    name: 'Internal Reservation',
    area: 'internalReservation',
    onDashboard: false,
  }),
  fact({ ...none, orderType: 'MI', name: 'Manual Inventory', area: 'manualInventory', onDashboard: false }),
  fact({ ...none, orderType: 'RD', name: 'Redelivery', offered: false, onDashboard: false }),
] as const satisfies readonly BookingTypeFacts[];

export type BookingOrderTypeCode = (typeof BOOKING_TYPE_FACTS)[number]['orderType'];

/** The facts of one order type; undefined for a code the portal does not know (a test's fixture). */
export const factsOf = (orderType: string): BookingTypeFacts | undefined =>
  (BOOKING_TYPE_FACTS as readonly BookingTypeFacts[]).find((f) => f.orderType === orderType);

/** The codes of the order types that pass `test`, in the filters' order (for lists and SQL `in`). */
export const orderTypesWhere = (test: (facts: BookingTypeFacts) => boolean): BookingOrderTypeCode[] =>
  BOOKING_TYPE_FACTS.filter((f: BookingTypeFacts) => test(f)).map((f) => f.orderType);
