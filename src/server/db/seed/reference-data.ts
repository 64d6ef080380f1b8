/** Fixed lookup tables (SPEC §3 "Lookup data", §5 category lists): the same on every install. */
import type { Insertable } from 'kysely';
import { BOOKING_TYPE_FACTS } from '../../../domain/booking-type-facts';
import { REPOSITION_EQUIPMENT_CATEGORIES } from '../../../domain/lookups';
import { BookingStatus } from '../../../domain/status-codes';
import { typeRow } from '../order-type-rows';
import type { CodeNameTable, EquipmentCategoryTable, ReasonTable } from '../types';

const codeNames = (o: Readonly<Record<string, string>>): CodeNameTable[] =>
  Object.entries(o).map(([code, name]) => ({ code, name }));

export const CUSTOMER_CLASSES = codeNames({
  MC: 'Motor Carrier',
  SSL: 'Steamship Line',
  BCO: 'Beneficial Cargo Owner',
  NVO: 'Non-Vessel Operating Common Carrier',
  LSP: 'Logistics Service Provider',
  RR: 'Railroad',
});

export const BOOKING_STATUSES = codeNames(BookingStatus);
/** The order types with the traits SQL reads, from their facts. */
export const BOOKING_ORDER_TYPES = BOOKING_TYPE_FACTS.map(typeRow);

export const CHASSIS_SIZES = ['20', '40', '45', '48', '53'] as const;
export const CONTAINER_SIZES = ['40', '45', '48', '53'] as const;
export const AXLE_CATEGORIES = REPOSITION_EQUIPMENT_CATEGORIES.filter((c) => c.startsWith('Axle.'));

function category(code: string, description: string): Insertable<EquipmentCategoryTable> {
  const [type, size] = code.split('.') as [string, string];
  const sized = type === 'Chassis' || type === 'Container';
  return {
    equipment_category_code: code,
    description,
    equipment_type: type,
    equipment_size: sized ? size : null,
  };
}

export const EQUIPMENT_CATEGORIES: Insertable<EquipmentCategoryTable>[] = [
  ...CHASSIS_SIZES.map((s) => category(`Chassis.${s}`, `${s}' Chassis`)),
  ...AXLE_CATEGORIES.map((c) => {
    const kind = c.slice('Axle.'.length);
    return category(c, kind === 'Axle' ? 'Axle' : `${kind} Axle`);
  }),
  ...CONTAINER_SIZES.map((s) => category(`Container.${s}`, `${s}' Container`)),
  category('Genset.Genset', 'Genset'),
  category('Scrap.Scrap', 'Scrap'),
  category('Disabled.Disabled', 'Disabled'),
  category('Special Equipment.Special Equipment', 'Special Equipment'),
];

export const EQUIPMENT_CLASSES = codeNames({
  STD: 'Standard',
  TRI: 'Tri-Axle',
  SLD: 'Slider',
  LTW: 'Lightweight',
  HVY: 'Heavy Duty',
});
export const EQUIPMENT_CLASS_CODES = EQUIPMENT_CLASSES.map((c) => c.code);

export const PENDING_REQUEST_TYPES = codeNames({
  OVER_THRESHOLD: 'Over weekly threshold',
  OVER_AVAILABILITY: 'Over availability',
  CLASS_REVIEW: 'Customer class review',
  TERM_CHANGE: 'Term lease change',
  STANDING_REVIEW: 'Account standing review',
});

export const PENDING_REQUEST_FAILURES = codeNames({
  NO_INVENTORY: 'No inventory at the location',
  THRESHOLD_EXCEEDED: 'Weekly threshold still exceeded',
  CREDIT_HOLD: 'Customer on credit hold',
  CONTRACT_EXPIRED: 'Term lease contract expired',
  LOCATION_CLOSED: 'Location closed to pool bookings',
});

const reasons = (kind: ReasonTable['reason_kind'], o: Readonly<Record<string, string>>): ReasonTable[] =>
  Object.entries(o).map(([reason_code, description]) => ({ reason_code, reason_kind: kind, description }));

export const REASONS: ReasonTable[] = [
  ...reasons('REPOSITION', {
    RAMP_IMB: 'Rail ramp imbalance',
    PORT_SURGE: 'Port volume surge',
    SEASONAL: 'Seasonal demand',
    DEPOT_FULL: 'Depot over capacity',
    CUSTOMER_REQ: 'Customer request',
    MAINT: 'Move to maintenance facility',
  }),
  ...reasons('PENDING', {
    OVER_THRESHOLD: 'Booking exceeds weekly threshold',
    OVER_AVAIL: 'Requested more than available',
    NEW_CUSTOMER: 'New customer review',
    CREDIT: 'Credit review',
    TERM_CHANGE: 'Term lease change needs approval',
  }),
  ...reasons('POOL_REDELIVERY', {
    DAMAGED: 'Damaged',
    NOT_NEEDED: 'No longer needed',
    WRONG_SIZE: 'Wrong size',
    FAILED_INSP: 'Failed roadability inspection',
    END_SEASON: 'End of season',
  }),
  ...reasons('INTERNAL_RESERVATION', {
    ROADABILITY: 'Roadability repairs',
    FMCSA: 'FMCSA inspection hold',
    KEY_ACCOUNT: 'Held for key account',
    REPO_STAGING: 'Staged for reposition',
    RELABEL: 'Re-labeling and registration',
    SURGE: 'Reserved for vessel surge',
  }),
];
export const reasonCodes = (kind: ReasonTable['reason_kind']): string[] =>
  REASONS.filter((r) => r.reason_kind === kind).map((r) => r.reason_code);
