/** Step navigation of a loaded flow: which step follows, which owns a section, what a step edits. */
import { requestSteps } from './check-data';
import type { LoadedFlow, LoadedStep } from './load';

/** The top-level groups a request step's schema defines, in the uiSchema's order when it gives one. */
export function sectionsOf(step: LoadedStep): string[] {
  const keys = Object.keys((step.schema?.properties as object | undefined) ?? {});
  const order = step.uiSchema?.['ui:order'];
  if (!Array.isArray(order)) return keys;
  const listed = order.filter((k): k is string => typeof k === 'string' && keys.includes(k));
  return [...listed, ...keys.filter((k) => !listed.includes(k))];
}

export function stepById(flow: LoadedFlow, id: string): LoadedStep {
  const step = flow.steps.find((s) => s.id === id);
  if (!step) throw new Error(`${flow.id} has no step ${id}`);
  return step;
}

/** The step after `id`: its `next`, else the following one (load.ts checked both exist). */
export function nextStepId(flow: LoadedFlow, id: string): string {
  const index = flow.steps.findIndex((s) => s.id === id);
  const step = flow.steps[index];
  return step?.next ?? flow.steps[index + 1]?.id ?? id;
}

/** The request step whose schema holds the top-level group `section`. */
export const ownerOf = (flow: LoadedFlow, section: string): LoadedStep | undefined =>
  requestSteps(flow).find((s) => sectionsOf(s).includes(section));

export const stepOfKind = (flow: LoadedFlow, kind: LoadedStep['kind']): LoadedStep =>
  flow.steps.find((s) => s.kind === kind) ?? (flow.steps[0] as LoadedStep);

/** True when `field` (dotted) is `path` or lies under it. */
export const isUnder = (field: string, path: string): boolean =>
  path === '' || field === path || field.startsWith(`${path}.`);

/** The request steps up to `stepId` (or all of them when it is no request step), in order. */
export function pathToRequestStep(flow: LoadedFlow, stepId: string): string[] {
  const ids = requestSteps(flow).map((s) => s.id);
  const at = ids.indexOf(stepId);
  return at >= 0 ? ids.slice(0, at + 1) : ids;
}
