/**
 * Rule outcomes the FlowStore shows between checks: acknowledgements that apply as the data stands
 * (shown as checkboxes) and per-item errors of array fields (shown by widgets as the user types).
 */
import type { LoadedStep } from './load';
import { evaluateRules, type Limits } from './rules';
import type { RuleVerdict } from './types';

/** Acknowledge rules of the step that apply to the data, and any the server reported; one per rule. */
export function applicableAcknowledgements(
  step: LoadedStep,
  stepData: unknown,
  limits: Limits,
  reported: readonly RuleVerdict[],
): RuleVerdict[] {
  const rules = step.compiledRules.filter((r) => r.kind === 'acknowledge');
  const live = step.schema && rules.length > 0 ? evaluateRules(rules, stepData, limits) : [];
  const all = [...live, ...reported.filter((q) => q.kind === 'acknowledge')];
  return all.filter((v, i) => all.findIndex((o) => o.ruleId === v.ruleId) === i);
}

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
