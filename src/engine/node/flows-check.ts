/**
 * What `npm run flows:check` runs: lints every flow, rule and schema file and names the file, the
 * JSON path and the fix for each problem — including each flow against the server's booking-type
 * registry (order type, booker, updater) — and reports when the generated flow data types are stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIRM_VIEW_NAMES, WIDGET_NAMES } from '../../flows/ui-names';
import { ruleEngine } from '../../rules/rule-engine';
import { orderDocumentSchema } from '../../schemas/booking-order';
import { type FlowProblem, type LoadedFlow, loadFlowCatalog } from '../core/load';
import type { JsonSchema } from '../core/types';
import { generateFlowTypes } from './flow-types';
import { defaultSourceDirs, readFlowSources, SRC_DIR, validateFlowFile } from './sources';

export const GENERATED_TYPES_FILE = join(SRC_DIR, 'flows', 'flow-data.generated.ts');
const REGISTRY_FILE = 'src/server/domain/booking-types.ts';

/** One entry of the server's booking-type registry, as describeBookingTypes() lists it. */
export interface BookingTypeDescription {
  orderType: string;
  name: string;
  /** The booker's name a flow's submit.booker must give. */
  booker: string;
  /** The updater's name a flow's edit.update.updater must give; none → the type is not editable. */
  updater?: string;
}

export interface CheckResult {
  problems: FlowProblem[];
  flowCount: number;
  typesStale: boolean;
}

export interface CheckOptions {
  writeTypes?: boolean;
  /** The booking-type registry; when given, each flow's order type, booker and updater must be in it. */
  bookingTypes?: readonly BookingTypeDescription[];
}

export async function checkFlows(
  flowDirs?: readonly string[],
  options: CheckOptions = {},
): Promise<CheckResult> {
  const dirs = flowDirs ? { ...defaultSourceDirs(), flowDirs } : defaultSourceDirs();
  const { catalog, problems } = loadFlowCatalog(readFlowSources(dirs), {
    ruleEngine,
    validateFile: validateFlowFile,
    widgetNames: new Set(WIDGET_NAMES),
    confirmViewNames: new Set(CONFIRM_VIEW_NAMES),
    orderDocumentSchema: orderDocumentSchema as unknown as JsonSchema,
  });
  if (options.bookingTypes) problems.push(...checkBookingTypes(catalog.flows, options.bookingTypes));
  if (problems.length > 0 || flowDirs)
    return { problems, flowCount: catalog.flows.length, typesStale: false };
  const types = await generateFlowTypes(catalog);
  let current = '';
  try {
    current = readFileSync(GENERATED_TYPES_FILE, 'utf8');
  } catch {
    // a missing file is stale
  }
  if (options.writeTypes && current !== types) writeFileSync(GENERATED_TYPES_FILE, types);
  return { problems, flowCount: catalog.flows.length, typesStale: !options.writeTypes && current !== types };
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
        fix: `use one of ${known}, or add a BookingType for ${flow.orderType} to ${REGISTRY_FILE}`,
      });
      continue;
    }
    if (flow.submit.booker !== type.booker) {
      problems.push({
        file: flow.file,
        path: '$.submit.booker',
        message: `${type.name} (${type.orderType}) books through "${type.booker}", not "${flow.submit.booker}"`,
        fix: `write "booker": "${type.booker}", or change the ${type.orderType} entry in ${REGISTRY_FILE}`,
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
          : `drop edit.update (Load Booking still works), or give the ${type.orderType} entry an updater in ${REGISTRY_FILE}`,
      });
    }
  }
  return problems;
}
