/**
 * What `npm run flows:check` runs: lints every flow, rule and schema file and names the file, the JSON path
 * and the fix for each problem; also reports when the generated flow data types are stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WIDGET_NAMES } from '../../app/widgets/names';
import { type FlowProblem, loadFlowCatalog } from '../core/load';
import { generateFlowTypes } from './flow-types';
import { defaultSourceDirs, readFlowSources, SRC_DIR, validateFlowFile } from './sources';

export const GENERATED_TYPES_FILE = join(SRC_DIR, 'flows', 'flow-data.generated.ts');

export interface CheckResult {
  problems: FlowProblem[];
  flowCount: number;
  typesStale: boolean;
}

export async function checkFlows(
  flowDirs?: readonly string[],
  options: { writeTypes?: boolean } = {},
): Promise<CheckResult> {
  const dirs = flowDirs ? { ...defaultSourceDirs(), flowDirs } : defaultSourceDirs();
  const { catalog, problems } = loadFlowCatalog(readFlowSources(dirs), {
    validateFile: validateFlowFile,
    widgetNames: new Set(WIDGET_NAMES),
  });
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
