/**
 * The flow catalog as the server holds it: loaded once at start-up from src/flows (plus any extra
 * flow folders, e.g. a test's fixture flows), each request step's schema compiled once, and every
 * flow's order type, booker and updater checked against the booking-type registry. A broken flow
 * file stops the server from starting.
 */

import { watch } from 'node:fs';
import { createFlowAjv } from '../engine/core/ajv';
import type { SchemaValidator } from '../engine/core/check-data';
import { type FlowCatalog, formatProblem, loadFlowCatalogOrThrow } from '../engine/core/load';
import {
  defaultSourceDirs,
  readFlowSources,
  type SourceDirs,
  validateFlowFile,
} from '../engine/node/sources';
import { ruleEngine } from '../rules/rule-engine';
import { bookingTypeRegistry } from './bookings/product-types';
import { type BookingTypes, checkFlowsAgainstTypes } from './bookings/registry';
import { withDatabaseRanges } from './plugins/validation';

export interface ServerFlows {
  /** Replaced as a whole when the files change in development (watchFlowFiles); read it per call. */
  catalog: FlowCatalog;
  /** Validates a request step's data against its compiled schema (the engine's SchemaValidator). */
  validate: SchemaValidator;
}

export function loadServerFlows(
  extraFlowDirs: readonly string[] = [],
  bookingTypes: BookingTypes = bookingTypeRegistry(),
  dirs: SourceDirs = defaultSourceDirs(extraFlowDirs),
): ServerFlows {
  const catalog = loadFlowCatalogOrThrow(readFlowSources(dirs), {
    ruleEngine,
    validateFile: validateFlowFile,
  });
  const problems = checkFlowsAgainstTypes(catalog.flows, bookingTypes);
  if (problems.length > 0)
    throw new Error(
      `Flow files do not match the booking-type registry:\n${problems.map(formatProblem).join('\n')}`,
    );
  const ajv = createFlowAjv();
  const compiled = new Map(
    catalog.flows.flatMap((flow) =>
      flow.steps.flatMap((step) =>
        // The database's integer range where a field states none (issue 11): the form's own
        // limits and rules say the rest.
        step.schema ? [[step.schema.$id as string, ajv.compile(withDatabaseRanges(step.schema))]] : [],
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

/** The flow as the catalog holds it now: routes registered at start-up ask for it on each call. */
export const currentFlow = <F extends { id: string }>(flows: ServerFlows, flow: F): F =>
  (flows.catalog.flows.find((f) => f.id === flow.id) as F | undefined) ?? flow;

/**
 * Development (FLOWS_WATCH=1, `npm run dev:server`): a changed flow, schema, rule or limit file is
 * loaded again and its rules are enforced from the next call on. A file with problems keeps the
 * catalog as it was and logs the problems. Returns the function that stops watching.
 */
export function watchFlowFiles(
  flows: ServerFlows,
  log: { info(msg: string): void; error(msg: string): void },
  bookingTypes: BookingTypes = bookingTypeRegistry(),
  dirs: SourceDirs = defaultSourceDirs(),
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const reload = () => {
    try {
      const next = loadServerFlows([], bookingTypes, dirs);
      flows.catalog = next.catalog;
      flows.validate = next.validate;
      log.info('Flow files changed: flows, rules and limits reloaded');
    } catch (e) {
      log.error(
        `Flow files changed but do not load; the previous ones stay in force.\n${(e as Error).message}`,
      );
    }
  };
  const watchers = [...dirs.flowDirs, dirs.schemaDir, dirs.rulesDir].map((dir) =>
    watch(dir, { recursive: true }, (_event, file) => {
      if (!String(file ?? '').endsWith('.json')) return;
      // Editors write a file in several steps: load once they are done.
      clearTimeout(timer);
      timer = setTimeout(reload, 100);
    }),
  );
  return () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}
