/**
 * Rule outcomes the FlowStore shows between checks: acknowledgements that apply as the data stands
 * (shown as checkboxes) and per-item errors of array fields (shown by widgets as the user types).
 */
import type { LoadedStep } from './load';
import { type CompiledRule, evaluateRules, type Limits } from './rules';
import type { RuleVerdict } from './types';

/**
 * An acknowledgement as the user answers it: one box per `key`. A rule over the whole data is
 * answered once (its key is its id); a forEach rule makes a statement per element (each contract
 * line its own), so each distinct statement is a box of its own, keyed by what it says: a box
 * ticked for one contract does not answer another's, and it follows its element when the list is
 * reordered or shortened.
 */
export interface Acknowledgement extends RuleVerdict {
  key: string;
}

/** The key a verdict of `rules` is ticked under (see Acknowledgement). */
export function acknowledgementKey(rules: readonly CompiledRule[], verdict: RuleVerdict): string {
  const perItem = rules.some((r) => r.id === verdict.ruleId && r.forEach !== undefined);
  return perItem ? `${verdict.ruleId}\n${verdict.message}` : verdict.ruleId;
}

/**
 * Every statement of the step's acknowledge rules about the data as it stands, and those the server
 * reported, with their keys (elements saying the same share one). Evaluated on every change of the
 * data, so a box appears as soon as the data asks for it, not at the next check.
 */
export function acknowledgementStatements(
  step: LoadedStep,
  stepData: unknown,
  limits: Limits,
  reported: readonly RuleVerdict[],
  rules: readonly CompiledRule[] = step.compiledRules,
): Acknowledgement[] {
  const own = step.compiledRules.filter((r) => r.kind === 'acknowledge');
  const live = step.schema && own.length > 0 ? evaluateRules(own, stepData, limits) : [];
  return [...live, ...reported.filter((q) => q.kind === 'acknowledge')].map((v) => ({
    ...v,
    key: acknowledgementKey(rules, v),
  }));
}

/**
 * What the server is told was answered (rule ids, as checkSubmission reads them): confirmations
 * and whole-data acknowledgements as ticked; a forEach acknowledgement once every statement it
 * makes of the data as it stands (`statements`, every request step's) is ticked.
 */
export function answeredRuleIds(
  rules: readonly CompiledRule[],
  statements: readonly Acknowledgement[],
  ticked: ReadonlySet<string>,
): string[] {
  const plain = [...ticked].filter((key) => {
    const rule = rules.find((r) => r.id === key);
    return rule !== undefined && (rule.kind === 'confirm' || rule.forEach === undefined);
  });
  const perItem = statements.filter((a) => a.key !== a.ruleId);
  const answered = [...new Set(perItem.map((a) => a.ruleId))].filter((id) =>
    perItem.every((a) => a.ruleId !== id || ticked.has(a.key)),
  );
  return [...new Set([...plain, ...answered])];
}

/** The boxes to show: the first statement of each key. */
export const distinctAcknowledgements = (all: readonly Acknowledgement[]): Acknowledgement[] =>
  all.filter((v, i) => all.findIndex((o) => o.key === v.key) === i);

/** Messages of the step's per-item error rules over the array at `path`, by element index. */
export function itemErrorsOf(
  step: LoadedStep,
  stepData: unknown,
  limits: Limits,
  path: string,
): Map<number, string[]> {
  const rules = step.compiledRules.filter((r) => r.kind === 'error' && r.forEach === path);
  const byIndex = new Map<number, string[]>();
  if (rules.length === 0) return byIndex;
  for (const v of evaluateRules(rules, stepData, limits)) {
    const index = Number(v.field.slice(v.field.lastIndexOf('.') + 1));
    byIndex.set(index, [...(byIndex.get(index) ?? []), v.message]);
  }
  return byIndex;
}
