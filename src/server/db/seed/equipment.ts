/** Which equipment the fleet holds: category mix, and the classes that fit each category. */

import type { Rng } from './random';
import { AXLE_CATEGORIES } from './reference-data';

/** Fleet mix by category: 40' and 53' chassis dominate, then the other sizes, axles, containers, gensets. */
export const FLEET_MIX: ReadonlyArray<readonly [string, number]> = [
  ['Chassis.40', 33],
  ['Chassis.53', 24],
  ['Chassis.20', 13],
  ['Chassis.45', 10],
  ['Chassis.48', 7],
  ...AXLE_CATEGORIES.map((c) => [c, 5 / AXLE_CATEGORIES.length] as const),
  ['Container.40', 1.5],
  ['Container.45', 0.5],
  ['Container.48', 0.5],
  ['Container.53', 1.5],
  ['Genset.Genset', 4],
];

export const CHASSIS_CATEGORIES = [
  'Chassis.20',
  'Chassis.40',
  'Chassis.45',
  'Chassis.48',
  'Chassis.53',
] as const;

const CLASS_MIX: Record<string, ReadonlyArray<readonly [string, number]>> = {
  'Chassis.20': [
    ['STD', 6],
    ['TRI', 3],
    ['LTW', 1],
  ],
  'Chassis.40': [
    ['STD', 6],
    ['TRI', 1],
    ['SLD', 2],
    ['LTW', 1],
    ['HVY', 1],
  ],
  'Chassis.45': [
    ['STD', 5],
    ['SLD', 3],
  ],
  'Chassis.48': [
    ['STD', 5],
    ['SLD', 1],
  ],
  'Chassis.53': [
    ['STD', 6],
    ['SLD', 1],
    ['LTW', 2],
    ['HVY', 1],
  ],
};

export interface EquipmentKind {
  category: string;
  equipmentClass: string;
  extendable: boolean;
}

/** A class for the category (non-chassis equipment is Standard) and whether the frame extends. */
export function kindFor(rng: Rng, category: string): EquipmentKind {
  const mix = CLASS_MIX[category];
  const equipmentClass = mix ? rng.weighted(mix) : 'STD';
  const extendable =
    equipmentClass === 'SLD' ||
    ((category === 'Chassis.40' || category === 'Chassis.45') && rng.chance(0.12));
  return { category, equipmentClass, extendable };
}
