/**
 * The flow catalog as the server holds it: loaded once at start-up from src/flows (plus any extra
 * flow folders, e.g. a test's fixture flows), each request step's schema compiled once, and every
 * flow's order type, booker and updater checked against the booking-type registry. A broken flow
 * file stops the server from starting.
 */

import { createFlowAjv } from '../engine/core/ajv';
import type { SchemaValidator } from '../engine/core/check-data';
import { type FlowCatalog, formatProblem, loadFlowCatalogOrThrow } from '../engine/core/load';
import { defaultSourceDirs, readFlowSources, validateFlowFile } from '../engine/node/sources';
import { ruleEngine } from '../rules/rule-engine';
import { type BookingTypes, bookingTypeRegistry, checkFlowsAgainstTypes } from './domain/booking-types';
import { withDatabaseRanges } from './plugins/validation';

export interface ServerFlows {
  catalog: FlowCatalog;
  /** Validates a request step's data against its compiled schema (the engine's SchemaValidator). */
  validate: SchemaValidator;
}

export function loadServerFlows(
  extraFlowDirs: readonly string[] = [],
  bookingTypes: BookingTypes = bookingTypeRegistry(),
): ServerFlows {
  const catalog = loadFlowCatalogOrThrow(readFlowSources(defaultSourceDirs(extraFlowDirs)), {
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
