/**
 * `npm run flows:check` (and `npm run flows:types`, which passes --write-types): the flow files, and
 * each flow against the server's booking-type registry.
 */
import { resolve } from 'node:path';
import { describeBookingTypes } from '../../server/domain/booking-types';
import { formatProblem } from '../core/load';
import { checkFlows, GENERATED_TYPES_FILE, missingAsProblem } from './flows-check';

async function main() {
  const writeTypes = process.argv.includes('--write-types');
  const rulesAt = process.argv.indexOf('--rules-dir');
  const rulesDir = rulesAt > 0 ? process.argv[rulesAt + 1] : undefined;
  const { problems, flowCount, typesStale, missingExamples } = await checkFlows(undefined, {
    writeTypes,
    bookingTypes: describeBookingTypes(),
    requireExamples: process.argv.includes('--require-examples'),
    ...(rulesDir ? { rulesDir: resolve(rulesDir) } : {}),
  });
  // Issue 32: a rule without examples is a warning until --require-examples (docs/flows.md).
  for (const m of missingExamples) console.warn(`warning: ${formatProblem(missingAsProblem(m))}`);
  for (const p of problems) console.error(formatProblem(p));
  if (typesStale) {
    console.error(
      `${GENERATED_TYPES_FILE}: the generated flow data types are out of date\n    fix: run npm run flows:types`,
    );
  }
  if (problems.length > 0 || typesStale) {
    console.error(`flows:check: ${problems.length + (typesStale ? 1 : 0)} problem(s)`);
    process.exit(1);
  }
  console.log(`flows:check: ${flowCount} flows OK${writeTypes ? ', types written' : ''}`);
}

await main();
