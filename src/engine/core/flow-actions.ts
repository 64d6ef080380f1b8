/**
 * Step actions (docs/flows.md): a request step names a server call, what it sends (a template over
 * the flow data) and where its answer goes. These are the pure parts — building the call, knowing
 * when an automatic action has what it needs, reading the answer; the FlowStore runs them.
 */
import { requestSteps } from './check-data';
import { applyObject, readPath, type TemplateContext, templateLeaves } from './data-template';
import type { ActionCall } from './flow-services';
import type { LoadedFlow } from './load';
import type { JsonSchema, StepAction } from './types';

/** `{Dotted.Path}` placeholders of an action url. */
export const urlPlaceholders = (url: string): string[] =>
  [...url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Every action of the flow's request steps. */
export const actionsOf = (flow: LoadedFlow): StepAction[] =>
  requestSteps(flow).flatMap((s) => s.actions ?? []);

/** The flow's request schemas as one (the flow data's top-level sections). */
export function flowDataSchema(flow: LoadedFlow): JsonSchema {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const step of requestSteps(flow)) {
    Object.assign(properties, step.schema?.properties ?? {});
    required.push(...((step.schema?.required as string[] | undefined) ?? []));
  }
  return { type: 'object', properties, required };
}

/** The call for the data as it stands, or the url placeholders that are still empty. */
export function prepareCall(
  action: StepAction,
  data: unknown,
  context: TemplateContext,
): { call: ActionCall; missing: [] } | { call: null; missing: string[] } {
  const missing = urlPlaceholders(action.url).filter((p) => isEmpty(readPath(data, p)));
  if (missing.length > 0) return { call: null, missing };
  const url = action.url.replace(/\{([^}]+)\}/g, (_, path: string) =>
    encodeURIComponent(String(readPath(data, path))),
  );
  return {
    call:
      action.method === 'POST'
        ? { method: 'POST', url, body: applyObject(action.send ?? {}, data, context) }
        : { method: 'GET', url },
    missing: [],
  };
}

/** True when the path is required all the way down (each part required by its parent's schema). */
function requiredPath(schema: JsonSchema, path: string): boolean {
  let node: JsonSchema | undefined = schema;
  for (const segment of path.split('.')) {
    if (!node || segment === '*') return false;
    if (!((node.required as string[] | undefined) ?? []).includes(segment)) return false;
    node = (node.properties as Record<string, JsonSchema> | undefined)?.[segment];
  }
  return true;
}

/**
 * Whether an automatic action has what it needs: its url placeholders and every field its `send`
 * reads that the schema requires are filled. Optional fields (a staff-only customer) may be empty;
 * they are left out of the body. `$order.` paths never wait.
 */
export function hasInputs(action: StepAction, data: unknown, schema: JsonSchema): boolean {
  const reads = templateLeaves(action.send ?? {}, '$').leaves.flatMap((l) =>
    l.source && !l.source.startsWith('$') ? [l.source] : [],
  );
  const needed = [...urlPlaceholders(action.url), ...reads.filter((p) => requiredPath(schema, p))];
  return needed.every((p) => !isEmpty(readPath(data, p)));
}

/** The answer's parts by the flow-data path they go to (`into`: target ← path in the answer). */
export const answerParts = (action: StepAction, answer: unknown): [string, unknown][] =>
  Object.entries(action.into).map(([target, from]) => [target, readPath(answer, from)]);
