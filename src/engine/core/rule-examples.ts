/**
 * A rule's own examples (issue 32): data that must make it fire (with the message it must then
 * produce, where the message has placeholders) and data that must not. `npm run flows:check` and
 * the analyst's live preview run them through the same evaluateRules the forms and the server use,
 * so an example proves what a user will meet.
 */
import type { FlowProblem } from './load';
import { type CompiledRule, evaluateRules, type Limits, placeholders } from './rules';
import type { JsonLogic, RuleDefinition, RuleExample } from './types';

export type ExampleKind = 'fires' | 'doesNotFire';

export interface ExampleResult {
  ruleId: string;
  kind: ExampleKind;
  /** Position in its list: examples.fires[i] or examples.doesNotFire[i]. */
  index: number;
  title: string;
  ok: boolean;
  /** What happened, in words: the messages it produced, or that it stayed silent. */
  happened: string;
}

/**
 * Example data may write a long list as `{ "$series": 1001, "of": "PLCZ######" }`: 1001 strings, the
 * run of # replaced by the 1-based position, zero-padded (PLCZ000001 …). Anything else is as written.
 */
export function expandExampleData(data: unknown): unknown {
  if (Array.isArray(data)) return data.map(expandExampleData);
  if (data === null || typeof data !== 'object') return data;
  const record = data as Record<string, unknown>;
  if (typeof record.$series === 'number' && 'of' in record) {
    const of = record.of;
    return Array.from({ length: record.$series }, (_, i) =>
      typeof of === 'string'
        ? of.replace(/#+/, (run) => String(i + 1).padStart(run.length, '0'))
        : expandExampleData(of),
    );
  }
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, expandExampleData(v)]));
}

/** Every limit a rule reads: `{ "limit": name }` in its logic and `{name}` of a limit in its message. */
export function limitsReadBy(rule: RuleDefinition, limits: Limits): string[] {
  const found = new Set<string>();
  const walk = (logic: JsonLogic): void => {
    if (Array.isArray(logic)) logic.forEach(walk);
    else if (logic !== null && typeof logic === 'object') {
      for (const [op, args] of Object.entries(logic)) {
        if (op === 'limit' && typeof args === 'string') found.add(args);
        else walk(args);
      }
    }
  };
  walk(rule.when);
  for (const logic of Object.values(rule.params ?? {})) walk(logic);
  for (const name of placeholders(rule.message)) if (name in limits) found.add(name);
  return [...found];
}

const quoted = (messages: readonly string[]) => messages.map((m) => `"${m}"`).join(', ');

/** Runs one rule's examples against the limits given. */
export function runRuleExamples(rule: CompiledRule, limits: Limits): ExampleResult[] {
  const results: ExampleResult[] = [];
  const lists: [ExampleKind, readonly RuleExample[]][] = [
    ['fires', rule.examples?.fires ?? []],
    ['doesNotFire', rule.examples?.doesNotFire ?? []],
  ];
  for (const [kind, examples] of lists) {
    examples.forEach((example, index) => {
      const base = { ruleId: rule.id, kind, index, title: example.title };
      let messages: string[];
      try {
        messages = evaluateRules([rule], expandExampleData(example.data), limits).map((v) => v.message);
      } catch (e) {
        results.push({
          ...base,
          ok: false,
          happened: `the rule could not read the data: ${(e as Error).message}`,
        });
        return;
      }
      if (kind === 'doesNotFire') {
        results.push({
          ...base,
          ok: messages.length === 0,
          happened: messages.length === 0 ? 'it did not fire' : `it fired: ${quoted(messages)}`,
        });
        return;
      }
      if (messages.length === 0) {
        results.push({ ...base, ok: false, happened: 'it did not fire' });
        return;
      }
      const expected = example.message;
      const ok = expected === undefined || messages.includes(expected);
      results.push({
        ...base,
        ok,
        happened: ok
          ? `it fired: ${quoted(messages)}`
          : `it fired with ${quoted(messages)}, not the expected "${expected}"`,
      });
    });
  }
  return results;
}

/** Where a rule is written: its file and position, for problems that point into it. */
export interface RulePlace {
  file: string;
  index: number;
}

export interface ExampleCheck {
  /** A failing example, or a firing example of a message with placeholders that states no message. */
  problems: FlowProblem[];
  /** Rules with no example of one kind or both (a warning until docs/flows.md's switch makes it an error). */
  missing: { ruleId: string; file: string; lacks: ExampleKind[] }[];
  results: ExampleResult[];
}

/** Runs the examples of every rule; rules come with their place in the rule files. */
export function checkRuleExamples(
  rules: readonly (readonly [CompiledRule, RulePlace])[],
  limits: Limits,
): ExampleCheck {
  const check: ExampleCheck = { problems: [], missing: [], results: [] };
  for (const [rule, place] of rules) {
    const at = `$.rules[${place.index}].examples`;
    const lacks = (['fires', 'doesNotFire'] as const).filter((k) => (rule.examples?.[k] ?? []).length === 0);
    if (lacks.length > 0) check.missing.push({ ruleId: rule.id, file: place.file, lacks });
    const hasPlaceholders = placeholders(rule.message).length > 0;
    (rule.examples?.fires ?? []).forEach((example, i) => {
      if (hasPlaceholders && example.message === undefined)
        check.problems.push({
          file: place.file,
          path: `${at}.fires[${i}]`,
          message: `${rule.id}, example "${example.title}": the message has placeholders but the example states no message`,
          fix: 'add "message": the exact text the rule must show for this data',
        });
    });
    const readLimits = limitsReadBy(rule, limits);
    for (const result of runRuleExamples(rule, limits)) {
      check.results.push(result);
      if (result.ok) continue;
      const must = result.kind === 'fires' ? 'must fire' : 'must not fire';
      const limitNote = readLimits.length
        ? ` It reads ${readLimits.map((l) => `the limit ${l} (${limits[l]} in limits.json)`).join(' and ')}.`
        : '';
      check.problems.push({
        file: place.file,
        path: `${at}.${result.kind}[${result.index}]`,
        message: `${rule.id}, example "${result.title}" (${must}): ${result.happened}.${limitNote}`,
        fix: readLimits.length
          ? `if ${readLimits.join(' / ')} changed on purpose, change this example to match; otherwise put the limit back or fix the rule`
          : 'fix the rule, or the example if the rule is right',
      });
    }
  }
  return check;
}
