/**
 * The flow catalog as the server holds it: loaded once at start-up from src/flows (plus any extra
 * flow folders, e.g. a test's fixture flows), each request step's schema compiled once, and every
 * flow's booker checked against the registry. A broken flow file stops the server from starting.
 */

import { createFlowAjv } from '../engine/core/ajv';
import type { SchemaValidator } from '../engine/core/check-data';
import { type FlowCatalog, loadFlowCatalogOrThrow } from '../engine/core/load';
import { defaultSourceDirs, readFlowSources, validateFlowFile } from '../engine/node/sources';
import { ruleEngine } from '../rules/rule-engine';
import { bookers } from './domain/bookers';

export interface ServerFlows {
  catalog: FlowCatalog;
  /** Validates a request step's data against its compiled schema (the engine's SchemaValidator). */
  validate: SchemaValidator;
}

export function loadServerFlows(extraFlowDirs: readonly string[] = []): ServerFlows {
  const catalog = loadFlowCatalogOrThrow(readFlowSources(defaultSourceDirs(extraFlowDirs)), {
    ruleEngine,
    validateFile: validateFlowFile,
  });
  const unknown = catalog.flows.filter((f) => !Object.hasOwn(bookers, f.submit.booker));
  if (unknown.length > 0) {
    throw new Error(
      `Flow files name bookers the server does not have:\n${unknown
        .map((f) => `${f.file} $.submit.booker: no booker is registered as "${f.submit.booker}"`)
        .join('\n')}\n    fix: use one of ${Object.keys(bookers).join(', ')} (src/server/domain/bookers.ts)`,
    );
  }
  const ajv = createFlowAjv();
  const compiled = new Map(
    catalog.flows.flatMap((flow) =>
      flow.steps.flatMap((step) =>
        step.schema ? [[step.schema.$id as string, ajv.compile(step.schema)]] : [],
      ),
    ),
  );
  const validate: SchemaValidator = (step, data) => {
    const check = compiled.get(step.schema?.$id as string);
    if (!check) throw new Error(`step ${String(step.schema?.$id ?? step.id)} has no compiled schema`);
    return check(data) ? [] : (check.errors ?? []);
  };
  return { catalog, validate };
}
