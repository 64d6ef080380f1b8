/** The 1–3 bookings of one booking order: where, which equipment, how many, and how far fulfilled. */
import {
  POOL_REDELIVERY_EQUIPMENT_CATEGORIES,
  REPOSITION_EQUIPMENT_CATEGORIES,
} from '../../../domain/lookups';
import type { BookingTable } from '../types';
import type { OrderRow } from './booking-orders';
import type { ContractLineRow } from './contracts';
import { CHASSIS_CATEGORIES, kindFor } from './equipment';
import type { LocationRow } from './locations';
import type { Rng } from './random';

export type BookingRow = Omit<
  BookingTable,
  | 'booking_id'
  | 'extendable'
  | 'units_fulfilled_count'
  | 'created_at'
  | 'updated_at'
  | 'motor_carrier_id'
  | 'booking_comment'
  | 'with_redelivery'
  | 'redelivery_requested_count'
  | 'equipment_line_id'
> & {
  /** Reposition: the destination's motor carrier (migration 0005). */
  motor_carrier_id?: number | null;
  booking_id: number;
  extendable: boolean;
  units_fulfilled_count: number;
  created_at: string;
  updated_at: string;
};
export interface BookingPlaces {
  /** Active locations per market. */
  inMarket: ReadonlyMap<string, readonly LocationRow[]>;
  /** Every active location (reposition destinations may lie in another market). */
  usable: readonly LocationRow[];
}

/** Booking codes are the order type, the two-digit year and the booking id: PB26000123. */
export function buildBookings(
  rng: Rng,
  order: OrderRow,
  lines: readonly ContractLineRow[],
  { inMarket, usable }: BookingPlaces,
  firstId: number,
): BookingRow[] {
  const type = order.booking_order_type_code;
  const status = order.status_code;
  const market = order.market_code ?? '';
  const pool = (inMarket.get(market) ?? usable).filter((l) =>
    order.booking_order_type_code === 'DL'
      ? l.daily_lease_allowed
      : type === 'PB' || type === 'RU'
        ? l.pool_booking_allowed !== false
        : true,
  );
  const places = rng.sample(
    pool.length ? pool : usable,
    rng.weighted([
      [1, 6],
      [2, 3],
      [3, 1],
    ]),
  );
  const yy = order.created_at.slice(2, 4);
  const bookings = places.map((place, i): BookingRow => {
    const line = lines.length ? (lines[i % lines.length] as ContractLineRow) : null;
    const category = line
      ? line.equipment_category_code
      : type === 'RP'
        ? rng.pick(REPOSITION_EQUIPMENT_CATEGORIES)
        : type === 'PR'
          ? rng.pick(POOL_REDELIVERY_EQUIPMENT_CATEGORIES)
          : rng.pick(type === 'DL' ? CHASSIS_CATEGORIES.slice(0, 3) : CHASSIS_CATEGORIES);
    const kind = line
      ? { equipmentClass: line.equipment_class_code, extendable: line.extendable }
      : kindFor(rng, category);
    const requested = rng.int(1, 20);
    const bookingStatus = status === null ? 'OP' : status === 'OP' && rng.chance(0.1) ? 'CN' : status;
    return {
      booking_id: firstId + i,
      booking_order_id: order.booking_order_id,
      booking_code: `${type}${yy}${String(firstId + i).padStart(6, '0')}`,
      location_id: place.location_id,
      to_location_id:
        type === 'RP'
          ? rng.pick(usable.filter((l) => l.location_id !== place.location_id)).location_id
          : null,
      equipment_category_code: category,
      equipment_class_code: kind.equipmentClass,
      extendable: kind.extendable,
      units_requested_count: requested,
      units_fulfilled_count:
        bookingStatus === 'FF'
          ? requested
          : bookingStatus === 'CL' || bookingStatus === 'OP'
            ? rng.int(0, requested)
            : 0,
      status_code: bookingStatus,
      rail_terminal_release_number:
        type === 'RP' && rng.chance(0.6) ? `RTR${rng.int(1_000_000, 9_999_999)}` : null,
      created_at: order.created_at,
      updated_at: order.updated_at,
    };
  });
  return bookings;
}
