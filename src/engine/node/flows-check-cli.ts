/**
 * The command line of `npm run flows:check` (and `npm run flows:types`, which passes --write-types):
 * the flow files, and each flow against the booking-type registry. The product's entry
 * (scripts/flows-check.ts) hands in its parts and its registry; this reads the arguments, prints the
 * problems and exits 1 on any.
 *
 *   --write-types       write the generated flow data types instead of checking them
 *   --rules-dir <dir>   check another folder of rule files and limits.json
 *   --require-examples  a rule without an example of each kind is a problem, not a warning
 */
import { resolve } from 'node:path';
import type { BookingTypeDescription } from '../core/booking-type-checks';
import { formatProblem } from '../core/load';
import { checkFlows, type FlowCheckParts, missingAsProblem } from './flows-check';

export async function flowsCheckCli(
  parts: FlowCheckParts & { bookingTypes?: readonly BookingTypeDescription[] },
  argv: readonly string[] = process.argv,
): Promise<void> {
  const writeTypes = argv.includes('--write-types');
  const rulesAt = argv.indexOf('--rules-dir');
  const rulesDir = rulesAt > 0 ? argv[rulesAt + 1] : undefined;
  const { problems, flowCount, typesStale, missingExamples } = await checkFlows(parts, undefined, {
    writeTypes,
    ...(parts.bookingTypes ? { bookingTypes: parts.bookingTypes } : {}),
    requireExamples: argv.includes('--require-examples'),
    ...(rulesDir ? { rulesDir: resolve(rulesDir) } : {}),
  });
  // Issue 32: a rule without examples is a warning until --require-examples (docs/flows.md).
  for (const m of missingExamples) console.warn(`warning: ${formatProblem(missingAsProblem(m))}`);
  for (const p of problems) console.error(formatProblem(p));
  if (typesStale) {
    console.error(
      `${parts.typesFile}: the generated flow data types are out of date\n    fix: run npm run flows:types`,
    );
  }
  if (problems.length > 0 || typesStale) {
    console.error(`flows:check: ${problems.length + (typesStale ? 1 : 0)} problem(s)`);
    process.exit(1);
  }
  console.log(`flows:check: ${flowCount} flows OK${writeTypes ? ', types written' : ''}`);
}
