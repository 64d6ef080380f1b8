/**
 * The checks of what a flow reads and writes through templates: `edit.load` (order document →
 * flow data) and each step action's `send`, `on`, url placeholders and `into`. A flow-data path
 * that is not a field of the schema is a problem named with the file, the JSON path and the fix.
 */
import { templateLeaves } from './data-template';
import { urlPlaceholders } from './flow-actions';
import { schemaHasPath } from './flow-checks';
import type { FlowProblem } from './load';
import type { FlowDefinition, JsonSchema, StepAction } from './types';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** Like schemaHasPath, but an object open to any property (additionalProperties: true) holds any path below it. */
export function documentHasPath(schema: JsonSchema, path: string): boolean {
  let node: JsonSchema | undefined = schema;
  for (const segment of path.split('.')) {
    if (!node) return false;
    if (segment === '*' || /^\d+$/.test(segment)) {
      node = node.items as JsonSchema | undefined;
      continue;
    }
    const child = (node.properties as Record<string, JsonSchema> | undefined)?.[segment];
    if (!child && node.additionalProperties === true) return true;
    node = child;
  }
  return node !== undefined;
}

/** edit.load: every field it fills is a field of the flow data, every path it reads one of the order document. */
export function checkEditLoad(
  file: string,
  edit: NonNullable<FlowDefinition['edit']>,
  dataSchema: JsonSchema,
  orderDocumentSchema: JsonSchema | undefined,
  problems: FlowProblem[],
) {
  const { leaves, problems: shape } = templateLeaves(edit.load, '$.edit.load');
  problems.push(...shape.map((p) => ({ file, path: p.at, message: p.message, fix: p.fix })));
  for (const leaf of leaves) {
    if (!schemaHasPath(dataSchema, leaf.target)) {
      problems.push({
        file,
        path: leaf.at,
        message: `edit.load fills "${leaf.target}", which is not a field of the flow's request schemas`,
        fix: "fill a field the request step's schema defines, or add the field to the schema",
      });
    }
    if (
      orderDocumentSchema &&
      leaf.source &&
      !leaf.source.startsWith('$') &&
      !documentHasPath(orderDocumentSchema, leaf.source)
    ) {
      problems.push({
        file,
        path: leaf.at,
        message: `edit.load reads "${leaf.source}", which the order document does not have`,
        fix: 'read a field of the order document (src/schemas/booking-order.ts); type-specific header fields are under Details',
      });
    }
  }
}

/** A step's actions: unique ids, and every flow-data path they read or fill a field of the step's schema. */
export function checkActions(
  file: string,
  at: string,
  actions: readonly StepAction[],
  schema: JsonSchema,
  seen: Set<string>,
  problems: FlowProblem[],
) {
  actions.forEach((action, i) => {
    const where = `${at}.actions[${i}]`;
    const field = (path: string, jsonPath: string, role: string) => {
      if (schemaHasPath(schema, path)) return;
      problems.push({
        file,
        path: jsonPath,
        message: `action ${action.id} ${role} "${path}", which is not a field of this step's schema`,
        fix: "use a dotted path to a field the step's schema defines",
      });
    };
    if (seen.has(action.id)) {
      problems.push({
        file,
        path: `${where}.id`,
        message: `action id ${action.id} is used twice in this flow`,
        fix: 'give each action of the flow its own id',
      });
    }
    seen.add(action.id);
    const { leaves, problems: shape } = templateLeaves(
      isRecord(action.send) ? action.send : {},
      `${where}.send`,
    );
    problems.push(...shape.map((p) => ({ file, path: p.at, message: p.message, fix: p.fix })));
    for (const leaf of leaves)
      if (leaf.source && !leaf.source.startsWith('$')) field(leaf.source, leaf.at, 'sends');
    if (action.method === 'GET' && action.send) {
      problems.push({
        file,
        path: `${where}.send`,
        message: `action ${action.id} is a GET: it sends no body`,
        fix: 'put what it needs in the url as {Dotted.Path} placeholders, or make it a POST',
      });
    }
    for (const path of urlPlaceholders(action.url)) field(path, `${where}.url`, 'puts in its url');
    (action.on ?? []).forEach((path, j) => {
      field(path, `${where}.on[${j}]`, 'watches');
      if (path in action.into) {
        problems.push({
          file,
          path: `${where}.on[${j}]`,
          message: `action ${action.id} fills "${path}", which also runs it`,
          fix: 'an action may not watch a field its own answer fills; drop it from on or from into',
        });
      }
    });
    for (const [target, from] of Object.entries(action.into)) {
      field(target, `${where}.into.${target}`, 'fills');
      if (from !== '' && from.split('.').some((s) => s === '' || s === '__proto__' || s === 'constructor'))
        problems.push({
          file,
          path: `${where}.into.${target}`,
          message: `"${from}" is not a usable path into the answer`,
          fix: "write a dotted path into the answer, or '' for the whole answer",
        });
    }
  });
}
