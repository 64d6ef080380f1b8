/**
 * Where a new request's data starts: the services' starting values (the user's details) and a
 * link's prefill parameters, each kept only where the flow's data has a field for it.
 */
import { schemaAt } from './flow-changes';
import type { FlowData } from './flow-data';
import type { JsonSchema } from './types';

/** A query parameter as the value its field holds: integers as numbers, strings as they are. */
function fieldValue(field: JsonSchema | undefined, raw: string | undefined): unknown {
  if (!field || raw === undefined || raw === '') return undefined;
  if (field.type === 'integer') return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
  if (field.type === 'string') return raw;
  return undefined;
}

/**
 * The flow's `prefill` parameters found in a link's query, by the dotted path they fill, typed as
 * their fields are; a value that does not fit its field is left out, for the form to ask.
 */
export function prefilledValues(
  prefill: Readonly<Record<string, string>> | undefined,
  dataSchema: JsonSchema,
  query: Readonly<Record<string, string>>,
): [path: string, value: unknown][] {
  return Object.entries(prefill ?? {}).flatMap(([param, path]) => {
    const value = fieldValue(schemaAt(dataSchema, path), query[param]);
    return value === undefined ? [] : [[path, value] as [string, unknown]];
  });
}

/** The starting values (by dotted path) the flow's data has a field for; empty texts are no value. */
export function startingValues(
  values: Readonly<Record<string, unknown>>,
  dataSchema: JsonSchema,
): [path: string, value: unknown][] {
  return Object.entries(values).filter(
    ([path, value]) => value !== '' && schemaAt(dataSchema, path) !== undefined,
  );
}

/** { a: { b: 1 } } → { 'a.b': 1 }: the leaf values of plain objects, by dotted path. */
export function flatten(data: FlowData, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value))
      Object.assign(out, flatten(value as FlowData, path));
    else out[path] = value;
  }
  return out;
}
