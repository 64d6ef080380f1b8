/** The fee schedule: general fees, fees per order type, and a few charged only at certain locations. */
import { CONFIGURED_LOCATION_ID } from '../../../domain/constants';
import type { FeeTable } from '../types';
import type { LocationRow } from './locations';
import type { Rng } from './random';

export type FeeRow = Omit<FeeTable, 'fee_id'> & { fee_id: number };

const GENERAL: ReadonlyArray<readonly [string, string, number, string | null]> = [
  ['GATE', 'Gate fee', 35, null],
  ['LATE_RETURN', 'Late return fee (per day)', 25, null],
  ['CANCEL', 'Cancellation fee', 50, null],
  ['FLIP', 'Flip fee', 45, null],
  ['CLEANING', 'Cleaning fee', 40, null],
  ['TIRE', 'Tire replacement', 320, null],
  ['POOL_BOOKING', 'Pool booking administration fee', 15, 'PB'],
  ['POOL_REDELIVERY', 'Pool redelivery fee', 20, 'PR'],
  ['DAILY_LEASE', 'Daily lease fee (per day)', 32, 'DL'],
  ['REPOSITION', 'Repositioning fee', 150, 'RP'],
  ['TL_BOOKING', 'Term lease booking fee', 75, 'TL'],
  ['TL_REDELIVERY', 'Term lease redelivery fee', 60, 'TR'],
];

export function buildFees(rng: Rng, locations: readonly LocationRow[]): FeeRow[] {
  const fees: FeeRow[] = GENERAL.map(([fee_code, description, amount, type], i) => ({
    fee_id: i + 1,
    fee_code,
    description,
    amount,
    location_id: null,
    booking_order_type_code: type,
  }));
  const add = (code: string, description: string, amount: number, location: number, type: string | null) =>
    fees.push({
      fee_id: fees.length + 1,
      fee_code: code,
      description,
      amount,
      location_id: location,
      booking_order_type_code: type,
    });
  add('PORT_CONGESTION_18478', 'Port congestion surcharge', 28.5, CONFIGURED_LOCATION_ID, 'DL');
  const active = locations.filter((l) => l.active !== false);
  for (const l of rng.sample(
    active.filter((l) => l.location_type === 'PORT_BAY' && l.location_id !== CONFIGURED_LOCATION_ID),
    2,
  )) {
    add(`TERMINAL_ACCESS_${l.location_id}`, 'Terminal access fee', rng.money(15, 40), l.location_id, null);
  }
  for (const l of rng.sample(
    active.filter((l) => l.location_type !== 'PORT_BAY'),
    4,
  )) {
    add(`TL_LOCATION_${l.location_id}`, 'Term lease location fee', rng.money(40, 120), l.location_id, 'TL');
  }
  return fees;
}
