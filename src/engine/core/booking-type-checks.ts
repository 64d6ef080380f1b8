/**
 * Flows against the server's booking-type registry: a flow's order type must have an entry, and its
 * submit.booker and edit.update.updater must be that entry's booker and updater. Pure, so the server
 * (at start-up) and `npm run flows:check` run the same check with the same messages.
 */
import type { FlowProblem, LoadedFlow } from './load';

/** Where the product keeps its entries: a folder per type, each listed in its product-types.ts. */
const REGISTRY = 'src/server/bookings';

/** One entry of the registry, as the server's describeBookingTypes() lists it. */
export interface BookingTypeDescription {
  orderType: string;
  name: string;
  /** The booker's name a flow's submit.booker must give. */
  booker: string;
  /** The updater's name a flow's edit.update.updater must give; none → the type is not editable. */
  updater?: string;
}

/** Every flow's order type has a registry entry, and its booker and updater are that entry's. */
export function checkBookingTypes(
  flows: readonly LoadedFlow[],
  types: readonly BookingTypeDescription[],
): FlowProblem[] {
  const problems: FlowProblem[] = [];
  const known = types.map((t) => t.orderType).join(', ');
  for (const flow of flows) {
    const type = types.find((t) => t.orderType === flow.orderType);
    if (!type) {
      problems.push({
        file: flow.file,
        path: '$.orderType',
        message: `no booking type is registered for order type ${flow.orderType}`,
        fix: `use one of ${known}, or add a BookingType for ${flow.orderType} (its folder's entry.ts in ${REGISTRY}, listed in product-types.ts)`,
      });
      continue;
    }
    if (flow.submit.booker !== type.booker) {
      problems.push({
        file: flow.file,
        path: '$.submit.booker',
        message: `${type.name} (${type.orderType}) books through "${type.booker}", not "${flow.submit.booker}"`,
        fix: `write "booker": "${type.booker}", or change the ${type.orderType} entry (entry.ts of its folder in ${REGISTRY})`,
      });
    }
    const updater = flow.edit?.update?.updater;
    if (updater !== undefined && updater !== type.updater) {
      problems.push({
        file: flow.file,
        path: '$.edit.update.updater',
        message: type.updater
          ? `${type.name} (${type.orderType}) is updated through "${type.updater}", not "${updater}"`
          : `${type.name} (${type.orderType}) has no updater: its orders are not editable`,
        fix: type.updater
          ? `write "updater": "${type.updater}"`
          : `drop edit.update (Load Booking still works), or give the ${type.orderType} entry an updater (entry.ts of its folder in ${REGISTRY})`,
      });
    }
  }
  return problems;
}
