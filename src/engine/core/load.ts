/**
 * Loads flow files, rule files and limits into a catalog: step schemas bundled, rules compiled
 * against the whitelist, and every cross-reference checked (schema refs, rule ids, rule fields,
 * step order, widget names). The server, the browser build and `npm run flows:check` all load
 * through here, so a flow that one accepts the others accept too.
 */
import { checkRuleFields, checkSteps, checkUnique, checkWidgets, schemaHasPath } from './flow-checks';
import { checkActions, checkEditLoad } from './flow-edit-checks';
import { type CompiledRule, type Limits, type RuleEngine, RuleProblem } from './rules';
import { bundleSchema, SchemaRefProblem } from './schema-refs';
import type { FlowDefinition, JsonSchema, RuleDefinition, RulesFile, StepDefinition } from './types';

/** Parsed JSON files by their path: flows relative to src/flows, schemas to src/schemas, rules to src/rules. */
export interface FlowSources {
  flows: Readonly<Record<string, unknown>>;
  schemas: Readonly<Record<string, unknown>>;
  rules: Readonly<Record<string, unknown>>;
  limits: unknown;
}

export interface FlowProblem {
  file: string;
  /** JSON path inside the file, e.g. $.steps[0].rules[2] */
  path: string;
  message: string;
  fix: string;
}

export interface LoadedStep extends StepDefinition {
  /** Self-contained schema with $id "<flow id>.<step id>" (request steps only). */
  schema?: JsonSchema;
  compiledRules: CompiledRule[];
}

export interface LoadedFlow extends Omit<FlowDefinition, 'steps'> {
  file: string;
  steps: LoadedStep[];
  /** submit.summary's rules, compiled: the submit confirmation's lines. */
  summaryRules: CompiledRule[];
}

export interface FlowCatalog {
  flows: LoadedFlow[];
  limits: Limits;
  rules: ReadonlyMap<string, CompiledRule>;
}

export interface LoadOptions {
  /** The product's rule engine: which operators rule files may use (src/rules/rule-engine.ts). */
  ruleEngine: RuleEngine;
  /** Checks a parsed file against flow-file.schema.json or rules-file.schema.json (skipped in the browser, whose build already ran it). */
  validateFile?: (kind: 'flow' | 'rules', file: string, json: unknown) => FlowProblem[];
  /** Names in the widget registry; when given, every ui:field and ui:widget must be one of them. */
  widgetNames?: ReadonlySet<string>;
  /** Names in the confirm-view registry; when given, a flow's confirmView must be one of them. */
  confirmViewNames?: ReadonlySet<string>;
  /** The order document's schema; when given, every path edit.load reads must be one of its fields. */
  orderDocumentSchema?: JsonSchema;
}

export function loadFlowCatalog(
  sources: FlowSources,
  options: LoadOptions,
): { catalog: FlowCatalog; problems: FlowProblem[] } {
  const problems: FlowProblem[] = [];
  const limits = readLimits(sources.limits, problems);
  const rules = readRules(sources.rules, limits, options, problems);
  const flows: LoadedFlow[] = [];
  for (const [file, json] of Object.entries(sources.flows).sort(([a], [b]) => a.localeCompare(b))) {
    const fileProblems = options.validateFile?.('flow', file, json) ?? [];
    problems.push(...fileProblems);
    if (fileProblems.length > 0) continue;
    const flow = loadFlow(file, json as FlowDefinition, sources.schemas, rules, options, problems);
    if (flow) flows.push(flow);
  }
  checkUnique(flows, problems);
  return { catalog: { flows, limits, rules }, problems };
}

/** For the server and the browser: a catalog with problems is a broken build, not something to run. */
export function loadFlowCatalogOrThrow(sources: FlowSources, options: LoadOptions): FlowCatalog {
  const { catalog, problems } = loadFlowCatalog(sources, options);
  if (problems.length > 0)
    throw new Error(
      `Flow files have problems (run npm run flows:check):\n${problems.map(formatProblem).join('\n')}`,
    );
  return catalog;
}

export const formatProblem = (p: FlowProblem): string =>
  `${p.file} ${p.path}: ${p.message}\n    fix: ${p.fix}`;

/** The limits of a limits.json: every number by its name; what is not a number is a problem. */
export function readLimits(json: unknown, problems: FlowProblem[] = []): Limits {
  const limits: Record<string, number> = {};
  for (const [name, value] of Object.entries((json ?? {}) as Record<string, unknown>)) {
    if (name === '$comment') continue;
    if (typeof value === 'number' && Number.isFinite(value)) limits[name] = value;
    else
      problems.push({
        file: 'limits.json',
        path: `$.${name}`,
        message: `${name} is not a number`,
        fix: 'give every limit a plain number',
      });
  }
  return limits;
}

function readRules(
  files: FlowSources['rules'],
  limits: Limits,
  options: LoadOptions,
  problems: FlowProblem[],
) {
  const rules = new Map<string, CompiledRule>();
  for (const [file, json] of Object.entries(files)) {
    const fileProblems = options.validateFile?.('rules', file, json) ?? [];
    problems.push(...fileProblems);
    if (fileProblems.length > 0) continue;
    ((json as RulesFile).rules ?? []).forEach((rule: RuleDefinition, i) => {
      const at = `$.rules[${i}]`;
      if (rules.has(rule.id)) {
        problems.push({
          file,
          path: `${at}.id`,
          message: `rule id ${rule.id} is defined twice`,
          fix: 'give each rule a unique id',
        });
        return;
      }
      try {
        rules.set(rule.id, options.ruleEngine.compileRule(rule, limits));
      } catch (e) {
        if (!(e instanceof RuleProblem)) throw e;
        problems.push({
          file,
          path: `${at}.${e.path}`,
          message: e.message,
          fix: 'change the rule to use only allowed operators, known limits and safe paths',
        });
      }
    });
  }
  return rules;
}

function loadFlow(
  file: string,
  flow: FlowDefinition,
  schemas: FlowSources['schemas'],
  rules: ReadonlyMap<string, CompiledRule>,
  options: LoadOptions,
  problems: FlowProblem[],
): LoadedFlow | undefined {
  const before = problems.length;
  const actionIds = new Set<string>();
  const steps: LoadedStep[] = flow.steps.map((step, i) => {
    const at = `$.steps[${i}]`;
    const schema =
      step.kind === 'request' ? loadStepSchema(file, flow, step, at, schemas, problems) : undefined;
    if (step.kind !== 'request' && step.schema) {
      problems.push({
        file,
        path: `${at}.schema`,
        message: `a ${step.kind} step has no schema of its own`,
        fix: 'move the schema to a request step',
      });
    }
    const compiledRules = (step.rules ?? []).flatMap((id, r) => {
      const rule = rules.get(id);
      if (!rule) {
        problems.push({
          file,
          path: `${at}.rules[${r}]`,
          message: `no rule has the id ${id}`,
          fix: 'use the id of a rule in src/rules/*.rules.json',
        });
        return [];
      }
      if (rule.kind === 'summary') {
        problems.push({
          file,
          path: `${at}.rules[${r}]`,
          message: `${id} is a summary rule: it says what is submitted, it does not check a step`,
          fix: 'list it in submit.summary instead',
        });
        return [];
      }
      if (schema) checkRuleFields(file, `${at}.rules[${r}]`, rule, schema, problems);
      return [rule];
    });
    if (schema) checkWidgets(file, `${at}.uiSchema`, step.uiSchema ?? {}, options.widgetNames, problems);
    if (schema && step.actions) checkActions(file, at, step.actions, schema, actionIds, problems);
    if (!schema && step.actions) {
      problems.push({
        file,
        path: `${at}.actions`,
        message: `a ${step.kind} step runs no actions`,
        fix: 'move the actions to a request step',
      });
    }
    return { ...step, ...(schema ? { schema } : {}), compiledRules };
  });
  checkSteps(file, flow.steps, problems);
  const properties = Object.assign({}, ...steps.map((s) => s.schema?.properties ?? {}));
  const summaryRules = (flow.submit.summary ?? []).flatMap((id, r) => {
    const at = `$.submit.summary[${r}]`;
    const rule = rules.get(id);
    if (rule?.kind !== 'summary') {
      problems.push({
        file,
        path: at,
        message: rule ? `${id} is a ${rule.kind} rule, not a summary` : `no rule has the id ${id}`,
        fix: 'name a rule of kind summary from src/rules/*.rules.json',
      });
      return [];
    }
    checkRuleFields(file, at, rule, { type: 'object', properties }, problems);
    return [rule];
  });
  for (const [param, path] of Object.entries(flow.prefill ?? {})) {
    if (!schemaHasPath({ type: 'object', properties }, path)) {
      problems.push({
        file,
        path: `$.prefill.${param}`,
        message: `"${path}" is not a field of the flow's request steps`,
        fix: 'name a dotted path of a field the request step schema defines, e.g. Equipment.MarketCode',
      });
    }
  }
  if (flow.edit) {
    checkEditLoad(file, flow.edit, { type: 'object', properties }, options.orderDocumentSchema, problems);
  }
  if (
    flow.confirmView !== undefined &&
    options.confirmViewNames &&
    !options.confirmViewNames.has(flow.confirmView)
  ) {
    problems.push({
      file,
      path: '$.confirmView',
      message: `no confirm view is registered as "${flow.confirmView}"`,
      fix: `use one of: ${[...options.confirmViewNames].join(', ')} (src/flows/ui-names.ts), or drop confirmView for the booking table`,
    });
  }
  return problems.length === before ? { ...flow, file, steps, summaryRules } : undefined;
}

function loadStepSchema(
  file: string,
  flow: FlowDefinition,
  step: StepDefinition,
  at: string,
  schemas: FlowSources['schemas'],
  problems: FlowProblem[],
) {
  if (!step.schema) {
    problems.push({
      file,
      path: `${at}.schema`,
      message: 'a request step needs a schema',
      fix: 'add "schema": { "$ref": "../schemas/<file>.schema.json" } or an inline schema',
    });
    return undefined;
  }
  try {
    // Paths as seen from src/: a flow's refs are relative to src/flows, a schema's to its own folder.
    const bundled = bundleSchema(step.schema, `flows/${file}`, schemasFromSrc(schemas)) as JsonSchema;
    return { ...bundled, $id: `${flow.id}.${step.id}` };
  } catch (e) {
    if (!(e instanceof SchemaRefProblem)) throw e;
    problems.push({
      file,
      path: `${at}.schema${e.path.replaceAll('/', '.')}`,
      message: e.message,
      fix: 'point $ref at an existing file and JSON pointer under src/schemas',
    });
    return undefined;
  }
}

const schemasFromSrc = (schemas: FlowSources['schemas']) =>
  Object.fromEntries(Object.entries(schemas).map(([name, json]) => [`schemas/${name}`, json]));
