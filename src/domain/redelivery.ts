/**
 * Redeliveries (issue 17): what a customer is told about a chassis they list for return, in words
 * they can act on. The server's checks and bookers use these; tests name them.
 */

import { orderTypesWhere } from './booking-type-facts';
import { POOL_REDELIVERY_EQUIPMENT_CATEGORIES } from './lookups';

/** Order types that hold chassis on their way back: a chassis on an open one cannot be listed again. */
export const REDELIVERY_ORDER_TYPES: readonly string[] = orderTypesWhere((f) => f.redelivery);

/** 'Chassis.40' → "40' chassis"; 'Genset.Genset' → 'genset'. */
export const sizeName = (code: string) => {
  const [type, size] = code.split('.');
  return type === 'Genset' ? 'genset' : size ? `${size}' ${type?.toLowerCase()}` : code;
};

export const REDELIVERY_MESSAGES = {
  termLease: (id: string) =>
    `${id} is on a term lease: return it through Term Lease Redelivery, not Pool Redelivery.`,
  notPoolEquipment: (id: string, category: string) =>
    `${id} is a ${sizeName(category)}: pool redelivery takes ${POOL_REDELIVERY_EQUIPMENT_CATEGORIES.map(sizeName).join(', ')} only.`,
  alreadyOnRedelivery: (id: string, bookingCode: string | null) =>
    `${id} is already on open redelivery ${bookingCode ?? '(awaiting review)'}: cancel that redelivery first, or leave this chassis out.`,
  atLeastOne: 'Redelivery needs at least one valid chassis to continue',
  locationUnknown: 'Choose a return location from the list: the one sent is not an active location.',
  reasonUnknown: 'Choose a pool redelivery reason from the list.',
  dateInPast: 'The return date cannot be in the past: choose today or a later day.',
} as const;
