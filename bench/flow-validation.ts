/**
 * Validation of a 1,000-item chassis list on the server: the reuse flow's request-step schema as
 * precompiled ajv standalone code (what the browser ships) against ajv compiling it at run time,
 * plus the whole submission check (schema, then every rule, per chassis).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { precompiledValidators } from '../src/engine/build/vite-plugin-flows';
import { createFlowAjv } from '../src/engine/core/ajv';
import { checkSubmission, type SchemaValidator } from '../src/engine/core/check-data';
import { loadFlowCatalogOrThrow } from '../src/engine/core/load';
import { readFlowSources, validateFlowFile } from '../src/engine/node/sources';
import { ruleEngine } from '../src/rules/rule-engine';
import { measure } from './measure';

const chassisIds = Array.from({ length: 1000 }, (_, i) => `PLCZ${String(100000 + i)}`);
const body = {
  Chassis: { ChassisIds: chassisIds },
  Contact: { ContactName: 'Bench Dispatcher', EmailAddresses: 'ops@example.com; dispatch@example.com' },
};

export async function benchFlowValidation(): Promise<void> {
  console.log('\n## Flow validation: reuse booking, 1,000 chassis IDs');
  const sources = readFlowSources();
  const catalog = loadFlowCatalogOrThrow(sources, { validateFile: validateFlowFile, ruleEngine });
  const flow = catalog.flows.find((f) => f.id === 'reuse-booking');
  const step = flow?.steps.find((s) => s.kind === 'request');
  if (!flow || !step?.schema) throw new Error('reuse-booking flow not found');
  const schema = step.schema;

  // The very module the browser build ships (vite-plugin-flows), inside the project so its
  // imports of ajv's runtime helpers resolve.
  const dir = join(import.meta.dirname, '../.cache/bench');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'flow-validators.mjs');
  writeFileSync(file, precompiledValidators(sources, ruleEngine));
  const { validators } = await import(pathToFileURL(file).href);
  const precompiled = validators[String(schema.$id)] as (data: unknown) => boolean;
  if (!precompiled(body)) throw new Error('precompiled validator refused the benchmark body');

  const runtime = createFlowAjv().compile(schema);
  const pre = await measure('schema, precompiled standalone', 2000, () => precompiled(body));
  const cached = await measure('schema, runtime-compiled once (ajv.compile, cached)', 2000, () =>
    runtime(body),
  );
  const perCall = await measure('schema, runtime-compiled per call', 100, () =>
    createFlowAjv().compile(schema)(body),
  );
  // Both run the same generated code; precompiling saves the compile and needs no eval (CSP).
  console.log(
    `p50 ratios: compiled-once / precompiled ${(cached.p50 / pre.p50).toFixed(2)}, compile-per-call / precompiled ${(perCall.p50 / pre.p50).toFixed(0)}`,
  );

  const validate: SchemaValidator = () =>
    precompiled(body) ? [] : [{ keyword: 'x', instancePath: '', schemaPath: '#/x', params: {} }];
  await measure('whole submission check (schema + rules)', 300, () =>
    checkSubmission(flow, body, validate, catalog.limits),
  );
}
