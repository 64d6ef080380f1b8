/**
 * What `npm run flows:check` runs: lints every flow, rule and schema file and names the file, the
 * JSON path and the fix for each problem — including each flow against the booking-type registry
 * (order type, booker, updater) — and reports when the generated flow data types are stale. It knows
 * nothing of the product: the product hands in its rule engine, widget and confirm-view names, order
 * document, registry and where its generated types live (scripts/flow-parts.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type BookingTypeDescription, checkBookingTypes } from '../core/booking-type-checks';
import { type FlowProblem, loadFlowCatalog } from '../core/load';
import { checkRuleExamples, type ExampleCheck, type RulePlace } from '../core/rule-examples';
import type { CompiledRule, RuleEngine } from '../core/rules';
import type { JsonSchema, RulesFile } from '../core/types';
import { generateFlowTypes } from './flow-types';
import { defaultSourceDirs, readFlowSources, validateFlowFile } from './sources';

/** What of the product flow files are checked against; all but the rule engine are optional. */
export interface FlowCheckParts {
  /** The product's rule engine, with its custom operators (createRuleEngine({ operators })). */
  ruleEngine: RuleEngine;
  /** The widget registry's names; when given, every ui:field and ui:widget must be one of them. */
  widgetNames?: readonly string[];
  /** The confirm-view registry's names; when given, a flow's confirmView must be one of them. */
  confirmViewNames?: readonly string[];
  /** The order document's schema; when given, every path edit.load reads must be one of its fields. */
  orderDocumentSchema?: JsonSchema;
  /** The generated flow data types; when given, checked for staleness (or written with writeTypes). */
  typesFile?: string;
}

export interface CheckResult {
  problems: FlowProblem[];
  flowCount: number;
  typesStale: boolean;
  /** Rules without an example of each kind: a warning, or a problem with requireExamples. */
  missingExamples: ExampleCheck['missing'];
}

export interface CheckOptions {
  writeTypes?: boolean;
  /** The booking-type registry; when given, each flow's order type, booker and updater must be in it. */
  bookingTypes?: readonly BookingTypeDescription[];
  /** Another folder of rule files and limits.json (a test's broken copy). */
  rulesDir?: string;
  /** A rule without an example of each kind is a problem, not a warning (docs/flows.md). */
  requireExamples?: boolean;
}

export async function checkFlows(
  parts: FlowCheckParts,
  flowDirs?: readonly string[],
  options: CheckOptions = {},
): Promise<CheckResult> {
  const defaults = defaultSourceDirs();
  const dirs = {
    ...defaults,
    ...(flowDirs ? { flowDirs } : {}),
    ...(options.rulesDir ? { rulesDir: options.rulesDir } : {}),
  };
  const sources = readFlowSources(dirs);
  const { catalog, problems } = loadFlowCatalog(sources, {
    ruleEngine: parts.ruleEngine,
    validateFile: validateFlowFile,
    ...(parts.widgetNames ? { widgetNames: new Set(parts.widgetNames) } : {}),
    ...(parts.confirmViewNames ? { confirmViewNames: new Set(parts.confirmViewNames) } : {}),
    ...(parts.orderDocumentSchema ? { orderDocumentSchema: parts.orderDocumentSchema } : {}),
  });
  if (options.bookingTypes) problems.push(...checkBookingTypes(catalog.flows, options.bookingTypes));
  const examples = checkRuleExamples(placedRules(sources.rules, catalog.rules), catalog.limits);
  problems.push(...examples.problems);
  if (options.requireExamples) problems.push(...examples.missing.map(missingAsProblem));
  const missingExamples = options.requireExamples ? [] : examples.missing;
  if (problems.length > 0 || flowDirs || options.rulesDir || !parts.typesFile)
    return { problems, flowCount: catalog.flows.length, typesStale: false, missingExamples };
  const types = await generateFlowTypes(catalog);
  let current = '';
  try {
    current = readFileSync(parts.typesFile, 'utf8');
  } catch {
    // a missing file is stale
  }
  if (options.writeTypes && current !== types) writeFileSync(parts.typesFile, types);
  return {
    problems,
    flowCount: catalog.flows.length,
    typesStale: !options.writeTypes && current !== types,
    missingExamples,
  };
}

/** Each compiled rule with the file and position it is written at. */
export function placedRules(
  files: Readonly<Record<string, unknown>>,
  compiled: ReadonlyMap<string, CompiledRule>,
): [CompiledRule, RulePlace][] {
  return Object.entries(files).flatMap(([file, json]) =>
    ((json as RulesFile).rules ?? []).flatMap((rule, index): [CompiledRule, RulePlace][] => {
      const c = compiled.get(rule.id);
      return c ? [[c, { file, index }]] : [];
    }),
  );
}

export const missingAsProblem = ({ ruleId, file, lacks }: ExampleCheck['missing'][number]): FlowProblem => ({
  file,
  path: `$.rules[?(@.id=='${ruleId}')].examples`,
  message: `${ruleId} has no example that ${lacks.map((k) => (k === 'fires' ? 'fires' : 'does not fire')).join(' and none that ')}`,
  fix: 'add "examples": { "fires": [{ "title", "data", "message" }], "doesNotFire": [{ "title", "data" }] } (docs/flows.md)',
});
