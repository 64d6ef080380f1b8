/**
 * Turns schema validation errors into the messages a user reads. A schema node may carry an
 * `errorMessage` (one text, or one per keyword); otherwise the message is built from the field's
 * title (its name where it has none). Users never see ajv's own wording ("must match pattern …").
 * Issue 26: this is the product's one wording of a schema problem — flow forms, the account forms
 * (src/app/pages/account/field-rules.ts) and every route's 400 (server/plugins/validation.ts).
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

/**
 * A field's name where its schema has no title: the last key of its path, with the indexes of the
 * list entries it is in (ChassisIds.0 → ChassisIds[0]).
 */
function nameOf(field: string): string {
  const keys = field.split('.').filter((s) => s !== '');
  let indexes = '';
  while (keys.length > 0 && /^\d+$/.test(keys.at(-1) as string)) indexes = `[${keys.pop()}]${indexes}`;
  return `${keys.at(-1) ?? ''}${indexes}` || 'This field';
}

const titleOf = (node: JsonSchema | undefined, field: string): string =>
  typeof node?.title === 'string' ? node.title : nameOf(field);

export function describeSchemaError(schema: JsonSchema, error: SchemaErrorLike): FieldError {
  const node = nodeAt(schema, error.schemaPath);
  const base = pointerToField(error.instancePath);
  const p = error.params;
  if (error.keyword === 'required') {
    const missing = String(p.missingProperty);
    const field = base ? `${base}.${missing}` : missing;
    const properties = node?.properties as Record<string, JsonSchema> | undefined;
    const target = properties?.[missing];
    return {
      field,
      message: customMessage(target, 'required') ?? schemaSentence('required', titleOf(target, field), p),
    };
  }
  if (error.keyword === 'additionalProperties') {
    const extra = String(p.additionalProperty);
    return { field: base ? `${base}.${extra}` : extra, message: unknownFieldSentence(extra) };
  }
  const custom = customMessage(node, error.keyword);
  if (custom) return { field: base, message: custom };
  return { field: base, message: schemaSentence(error.keyword, titleOf(node, base), p, node) };
}

/**
 * The one wording of a schema problem (issue 26): flow forms, account forms and every route's 400
 * say these sentences. `title` names the field, `params` are ajv's for the keyword, and `node` is
 * the schema that refused the value (a pattern's `description` says what the format is).
 */
export function schemaSentence(
  keyword: string,
  title: string,
  params: Record<string, unknown>,
  node?: JsonSchema,
): string {
  const p = params;
  const text: Record<string, () => string> = {
    required: () => `${title} is required.`,
    additionalProperties: () => unknownFieldSentence(String(p.additionalProperty)),
    type: () => `${title} must be ${typeNames(p.type)}.`,
    minLength: () =>
      Number(p.limit) === 1 ? `${title} is required.` : `${title} needs at least ${p.limit} characters.`,
    maxLength: () => `${title} can have at most ${p.limit} characters.`,
    minimum: () => `${title} must be at least ${p.limit}.`,
    maximum: () => `${title} must be at most ${p.limit}.`,
    exclusiveMinimum: () => `${title} must be more than ${p.limit}.`,
    exclusiveMaximum: () => `${title} must be less than ${p.limit}.`,
    multipleOf: () => `${title} must be a multiple of ${p.multipleOf}.`,
    minItems: () => `${title} needs at least ${entries(p.limit)}.`,
    maxItems: () => `${title} can have at most ${entries(p.limit)}.`,
    uniqueItems: () => `${title} lists the same entry twice: keep one.`,
    enum: () => enumSentence(title, p.allowedValues),
    const: () => `${title} must be ${shown(p.allowedValue)}.`,
    pattern: () => {
      const about = typeof node?.description === 'string' ? node.description.replace(/\.$/, '') : '';
      return `${title} is not in the expected format${about ? ` (${about})` : ''}.`;
    },
    format: () => `${title} is not a valid ${formatNames[String(p.format)] ?? String(p.format)}.`,
  };
  return text[keyword]?.() ?? `${title} is not valid.`;
}

const entries = (n: unknown) => `${n} ${Number(n) === 1 ? 'entry' : 'entries'}`;

/** A key the schema does not know (additionalProperties: false, or a flow's submit body). */
export const unknownFieldSentence = (name: string): string =>
  `${name} is not a field of this request: leave it out.`;

/** The longest list of allowed values a message spells out; past it, "one of the offered values". */
const MAX_VALUES_CHARS = 1_000;

function enumSentence(title: string, allowed: unknown): string {
  const values = Array.isArray(allowed) ? allowed.map(shown) : [];
  if (values.length === 1) return `${title} must be ${values[0]}.`;
  const listed = `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
  return values.length === 0 || listed.length > MAX_VALUES_CHARS
    ? `${title} must be one of the offered values.`
    : `${title} must be one of ${listed}.`;
}

/** A value as a message quotes it: text as it is (empty text as ""), anything else as JSON. */
const shown = (value: unknown): string =>
  typeof value === 'string' && value !== '' ? value : (JSON.stringify(value) ?? String(value));

const typeName: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

/** ajv names one type ("integer") or several ("string,null" or an array of them). */
const typeNames = (type: unknown): string =>
  (Array.isArray(type) ? type.map(String) : String(type).split(','))
    .map((t) => typeName[t] ?? t)
    .join(' or ');

const formatNames: Record<string, string> = {
  date: 'date (YYYY-MM-DD)',
  'date-time': 'date and time (e.g. 2024-05-01T13:30:00Z)',
  time: 'time (e.g. 13:30:00Z)',
  email: 'email address',
  uri: 'web address',
};
