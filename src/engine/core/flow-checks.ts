/**
 * The cross-reference checks of a flow catalog: rule fields against step schemas, widget names,
 * step order and reachability, and unique ids, routes and submit urls. Each problem names the
 * file, the JSON path and the fix.
 */
import type { FlowProblem, LoadedFlow } from './load';
import { type CompiledRule, readPaths } from './rules';
import type { JsonSchema, StepDefinition } from './types';

const BUILT_IN_WIDGETS = new Set(['text', 'textarea', 'email', 'select', 'checkbox', 'updown', 'hidden']);

/** Every var a rule reads (and its field and forEach) must name a field of the step's schema. */
export function checkRuleFields(
  file: string,
  at: string,
  rule: CompiledRule,
  schema: JsonSchema,
  problems: FlowProblem[],
) {
  const item = rule.forEach ? `${rule.forEach}.*` : undefined;
  const expand = (path: string) =>
    item && (path === '$item' || path.startsWith('$item.')) ? path.replace('$item', item) : path;
  const paths = [
    rule.field,
    ...(rule.forEach ? [rule.forEach] : []),
    ...readPaths(rule.when).map(expand),
    ...Object.values(rule.params ?? {}).flatMap((p) => readPaths(p).map(expand)),
  ];
  for (const path of new Set(paths)) {
    if (path === '$index' || path.startsWith('$index')) continue;
    if (!schemaHasPath(schema, path)) {
      problems.push({
        file,
        path: at,
        message: `rule ${rule.id} reads "${path}", which is not a field of this step's schema`,
        fix: `use a field the step's schema defines, or drop the rule from this step`,
      });
    }
  }
}

export function schemaHasPath(schema: JsonSchema, path: string): boolean {
  let node: JsonSchema | undefined = schema;
  for (const segment of path.split('.')) {
    if (!node) return false;
    if (segment === '*' || /^\d+$/.test(segment)) node = node.items as JsonSchema | undefined;
    else node = (node.properties as Record<string, JsonSchema> | undefined)?.[segment];
  }
  return node !== undefined;
}

export function checkWidgets(
  file: string,
  at: string,
  ui: Record<string, unknown>,
  names: ReadonlySet<string> | undefined,
  problems: FlowProblem[],
) {
  if (!names) return;
  for (const [key, value] of Object.entries(ui)) {
    if (
      (key === 'ui:field' || key === 'ui:widget') &&
      typeof value === 'string' &&
      !names.has(value) &&
      !BUILT_IN_WIDGETS.has(value)
    ) {
      problems.push({
        file,
        path: `${at}.${key}`,
        message: `no widget is registered as "${value}"`,
        fix: `use one of: ${[...names].join(', ')} (src/app/widgets/registry.ts)`,
      });
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      checkWidgets(file, `${at}.${key}`, value as Record<string, unknown>, names, problems);
    }
  }
}

/** request steps first, one review, one confirm last; ids unique; every `next` known; every step reachable. */
export function checkSteps(file: string, steps: readonly StepDefinition[], problems: FlowProblem[]) {
  const ids = new Map<string, number>();
  steps.forEach((s, i) => {
    if (ids.has(s.id))
      problems.push({
        file,
        path: `$.steps[${i}].id`,
        message: `step id ${s.id} is used twice`,
        fix: 'give each step a unique id',
      });
    ids.set(s.id, i);
  });
  const kinds = steps.map((s) => s.kind);
  if (
    kinds[0] !== 'request' ||
    kinds.at(-1) !== 'confirm' ||
    kinds.filter((k) => k === 'review').length !== 1 ||
    kinds.filter((k) => k === 'confirm').length !== 1
  ) {
    problems.push({
      file,
      path: '$.steps',
      message: 'steps must be one or more request steps, then one review step, then one confirm step',
      fix: 'order the steps request → review → confirm (SPEC §4 booking flow)',
    });
  }
  const reached = new Set<number>([0]);
  steps.forEach((s, i) => {
    if (!reached.has(i) || i === steps.length - 1) return;
    const next = s.next === undefined ? i + 1 : ids.get(s.next);
    if (next === undefined) {
      problems.push({
        file,
        path: `$.steps[${i}].next`,
        message: `no step has the id ${s.next}`,
        fix: 'name an existing step id, or drop next',
      });
      return;
    }
    reached.add(next);
  });
  steps.forEach((s, i) => {
    if (!reached.has(i))
      problems.push({
        file,
        path: `$.steps[${i}]`,
        message: `step ${s.id} can never be reached`,
        fix: "remove it, or point an earlier step's next at it",
      });
  });
}

export function checkUnique(flows: readonly LoadedFlow[], problems: FlowProblem[]) {
  for (const key of ['id', 'route'] as const) {
    const seen = new Map<string, string>();
    for (const flow of flows) {
      const other = seen.get(flow[key]);
      if (other)
        problems.push({
          file: flow.file,
          path: `$.${key}`,
          message: `${key} ${flow[key]} is also used by ${other}`,
          fix: `give each flow its own ${key}`,
        });
      seen.set(flow[key], flow.file);
    }
  }
  const urls = new Map<string, string>();
  for (const flow of flows) {
    const other = urls.get(flow.submit.url);
    if (other)
      problems.push({
        file: flow.file,
        path: '$.submit.url',
        message: `submit url ${flow.submit.url} is also used by ${other}`,
        fix: 'give each flow its own submit url',
      });
    urls.set(flow.submit.url, flow.file);
  }
}
