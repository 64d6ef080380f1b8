/**
 * Turns schema validation errors into the messages a user reads. A schema node may carry an
 * `errorMessage` (one text, or one per keyword); otherwise the message is built from the field's
 * title. Users never see ajv's own wording ("must match pattern …").
 */
import type { FieldError, JsonSchema } from './types';

/** The parts of an ajv ErrorObject (or an RJSF validation error) this needs. */
export interface SchemaErrorLike {
  keyword: string;
  /** JSON pointer into the data, e.g. /Contact/EmailAddresses */
  instancePath: string;
  /** JSON pointer into the schema, ending in the keyword, e.g. #/properties/Contact/required */
  schemaPath: string;
  params: Record<string, unknown>;
}

const nodeAt = (schema: JsonSchema, schemaPath: string): JsonSchema | undefined =>
  schemaPath
    .replace(/^#\/?/, '')
    .split('/')
    .filter((s) => s !== '')
    .slice(0, -1)
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined,
      schema,
    ) as JsonSchema | undefined;

export const pointerToField = (instancePath: string): string =>
  instancePath
    .split('/')
    .filter((s) => s !== '')
    .join('.');

function customMessage(node: JsonSchema | undefined, keyword: string): string | undefined {
  const custom = node?.errorMessage;
  if (typeof custom === 'string') return custom;
  if (custom && typeof custom === 'object') {
    const byKeyword = (custom as Record<string, unknown>)[keyword];
    if (typeof byKeyword === 'string') return byKeyword;
  }
  return undefined;
}

const titleOf = (node: JsonSchema | undefined, field: string): string =>
  typeof node?.title === 'string' ? node.title : field.split('.').at(-1) || 'This field';

export function describeSchemaError(schema: JsonSchema, error: SchemaErrorLike): FieldError {
  const node = nodeAt(schema, error.schemaPath);
  const base = pointerToField(error.instancePath);
  const p = error.params;
  if (error.keyword === 'required') {
    const missing = String(p.missingProperty);
    const field = base ? `${base}.${missing}` : missing;
    const properties = node?.properties as Record<string, JsonSchema> | undefined;
    const target = properties?.[missing];
    return { field, message: customMessage(target, 'required') ?? `${titleOf(target, field)} is required.` };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = String(p.additionalProperty);
    return { field: base ? `${base}.${extra}` : extra, message: `${extra} is not a field of this form.` };
  }
  const custom = customMessage(node, error.keyword);
  if (custom) return { field: base, message: custom };
  const title = titleOf(node, base);
  const text: Record<string, () => string> = {
    type: () => `${title} must be ${article(String(p.type))}.`,
    minLength: () =>
      Number(p.limit) === 1 ? `${title} is required.` : `${title} needs at least ${p.limit} characters.`,
    maxLength: () => `${title} can have at most ${p.limit} characters.`,
    minimum: () => `${title} must be at least ${p.limit}.`,
    maximum: () => `${title} must be at most ${p.limit}.`,
    minItems: () => `${title} needs at least ${p.limit} entries.`,
    maxItems: () => `${title} can have at most ${p.limit} entries.`,
    enum: () => `${title} must be one of the offered values.`,
    pattern: () => `${title} is not in the expected format.`,
    format: () => `${title} is not a valid ${p.format}.`,
  };
  return { field: base, message: text[error.keyword]?.() ?? `${title} is not valid.` };
}

const article = (type: string) =>
  ({
    integer: 'a whole number',
    number: 'a number',
    string: 'text',
    boolean: 'yes or no',
    array: 'a list',
    object: 'a group of fields',
  })[type] ?? type;
