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
import { type BookingTypeDescription, checkBookingTypes } from '../core/booking-type-checks';
import { type FlowProblem, loadFlowCatalog } from '../core/load';
import type { JsonSchema } from '../core/types';
import { generateFlowTypes } from './flow-types';
import { defaultSourceDirs, readFlowSources, SRC_DIR, validateFlowFile } from './sources';

export const GENERATED_TYPES_FILE = join(SRC_DIR, 'flows', 'flow-data.generated.ts');

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
