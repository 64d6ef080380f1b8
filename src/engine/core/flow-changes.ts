/**
 * What an edit changed: the flow data as opened against the data now, leaf by leaf, each with a
 * label built from the schema titles ("Destinations 2 › Units requested"). Arrays are compared by
 * index — an element removed from the middle shows as changes to the ones after it; good enough
 * for a review list, and said so in docs/flows.md.
 */
import { deepEqual, type FlowData } from './flow-data';
import type { JsonSchema } from './types';

export interface FieldChange {
  /** Dotted path of the leaf (Orders.1.UnitsRequestedCount). */
  path: string;
  label: string;
  /** undefined when the field was empty before (or is empty now). */
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const propertiesOf = (schema: JsonSchema | undefined) =>
  (schema?.properties ?? {}) as Record<string, JsonSchema>;
const titleOf = (schema: JsonSchema | undefined, key: string) =>
  typeof schema?.title === 'string' ? schema.title : key;

/** The schema node at a dotted data path (array indexes step into `items`). */
export function schemaAt(schema: JsonSchema | undefined, path: string): JsonSchema | undefined {
  let node = schema;
  for (const segment of path === '' ? [] : path.split('.')) {
    if (!node) return undefined;
    node = /^\d+$/.test(segment) ? (node.items as JsonSchema | undefined) : propertiesOf(node)[segment];
  }
  return node;
}

/** The title of the field at a dotted path (its last segment when it has none). */
export function titleAt(schema: JsonSchema, path: string): string {
  const title = schemaAt(schema, path)?.title;
  return typeof title === 'string' ? title : (path.split('.').at(-1) ?? path);
}

/** The uiSchema node at a dotted data path (array indexes step into `items`). */
export function uiSchemaAt(ui: Record<string, unknown> | undefined, path: string): Record<string, unknown> {
  let node = ui;
  for (const segment of path === '' ? [] : path.split('.')) {
    const next = /^\d+$/.test(segment) ? node?.items : node?.[segment];
    node = isRecord(next) ? next : undefined;
  }
  return node ?? {};
}

/** "Destinations 2 › Units requested": titles along the path, an array's index (from 1) beside its title. */
export function labelOf(schema: JsonSchema | undefined, path: string): string {
  const parts: string[] = [];
  let node = schema;
  for (const segment of path.split('.')) {
    if (/^\d+$/.test(segment)) {
      const index = `${Number(segment) + 1}`;
      parts[parts.length - 1] = parts.length > 0 ? `${parts.at(-1)} ${index}` : index;
      node = node?.items as JsonSchema | undefined;
    } else {
      const child = propertiesOf(node)[segment];
      parts.push(titleOf(child, segment));
      node = child;
    }
  }
  return parts.join(' › ');
}

/** Empty ('' / null / undefined / [] ) reads as the schema's default, or as nothing. */
function normalise(value: unknown, schema: JsonSchema | undefined): unknown {
  const empty =
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (!empty) return value;
  return schema && 'default' in schema ? schema.default : undefined;
}

const isObjectArray = (value: unknown) => Array.isArray(value) && value.some(isRecord);

/**
 * Every leaf that differs between `before` and `after`. A form's defaults (a checkbox's false) equal
 * an absent value, and paths under `ignore` (what the server fills in, e.g. an action's answer) are
 * not the user's changes.
 */
export function diffFlowData(
  before: FlowData,
  after: FlowData,
  schema: JsonSchema,
  ignore: readonly string[] = [],
): FieldChange[] {
  const changes: FieldChange[] = [];
  const ignored = (path: string) => ignore.some((p) => path === p || path.startsWith(`${p}.`));
  const walk = (a: unknown, b: unknown, path: string, node: JsonSchema | undefined) => {
    // The data is replaced immutably: a part still the same object holds no change (an edit of one
    // of 500 line items walks that one item, not the other 499).
    if (a === b) return;
    if (path !== '' && ignored(path.replace(/\.\d+(?=\.|$)/g, '.*'))) return;
    if (isRecord(a) || isRecord(b)) {
      const left = isRecord(a) ? a : {};
      const right = isRecord(b) ? b : {};
      for (const key of new Set([...Object.keys(left), ...Object.keys(right)]))
        walk(left[key], right[key], path === '' ? key : `${path}.${key}`, propertiesOf(node)[key]);
      return;
    }
    if (isObjectArray(a) || isObjectArray(b)) {
      const left = Array.isArray(a) ? a : [];
      const right = Array.isArray(b) ? b : [];
      const items = node?.items as JsonSchema | undefined;
      for (let i = 0; i < Math.max(left.length, right.length); i++)
        walk(left[i], right[i], `${path}.${i}`, items);
      return;
    }
    const was = normalise(a, node);
    const is = normalise(b, node);
    if (!deepEqual(was, is)) changes.push({ path, label: labelOf(schema, path), before: was, after: is });
  };
  walk(before, after, '', schema);
  return changes;
}
