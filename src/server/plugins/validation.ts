/**
 * Request validation. Bodies are checked strictly (no type coercion, unknown fields refused, every
 * problem reported at once); query strings and path parameters are coerced from text, as they
 * must be. Messages name the field and say what to send, not ajv's wording.
 */
import Ajv, { type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { AppError } from '../errors';

const common: Options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false };

/** What a PostgreSQL integer column holds: a whole number outside it would fail in the database. */
export const DATABASE_INTEGER = { minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;

/**
 * Issue 11: every integer of every request schema gets the database's range where it states none,
 * so no number the schema lets through can fail in PostgreSQL (a 500). Returns a copy.
 */
export function withDatabaseRanges<T>(schema: T): T {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node))
      out[key] = key === 'enum' || key === 'const' ? value : walk(value);
    const type = out.type;
    if (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) {
      out.minimum ??= DATABASE_INTEGER.minimum;
      out.maximum ??= DATABASE_INTEGER.maximum;
    }
    return out;
  };
  return walk(schema) as T;
}

export function installValidators(app: FastifyInstance, sharedSchemas: readonly object[]): void {
  const body = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const text = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  for (const schema of sharedSchemas) {
    body.addSchema(schema);
    text.addSchema(schema);
  }
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? body : text).compile(withDatabaseRanges(schema as FastifySchema & object)),
  );
  // Issue 11: no text with a NUL character reaches the database (PostgreSQL refuses it: a 500).
  // Checked for every route, those whose bodies the flows check themselves included.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['request body', request.body],
      ['query', request.query],
      ['path', request.params],
    ] as const) {
      const where = nulAt(value);
      if (where !== null)
        throw new AppError(
          400,
          `Invalid ${part}: ${where || 'the text'} contains a NUL character (\\u0000), which no field may hold. Remove it and send again.`,
          'NUL_CHARACTER',
        );
    }
  });
}

/** The dotted path of the first key or text holding U+0000 ('' for the value itself), or null. */
export function nulAt(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = nulAt(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

const partLabel: Record<string, string> = { body: 'request body', querystring: 'query', params: 'path' };

function fieldName(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');
  return path;
}

function sentenceFor(error: ErrorObject, part: string): string {
  const field = fieldName(error);
  const where = field || `the ${partLabel[part] ?? part}`;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${field ? `${field}.` : ''}${String(p.missingProperty)} is required`;
    case 'additionalProperties':
      return `Unknown field '${field ? `${field}.` : ''}${String(p.additionalProperty)}' in the ${partLabel[part] ?? part}`;
    case 'type':
      return `${where} must be ${p.type === 'integer' ? 'a whole number' : `of type ${String(p.type)}`}`;
    case 'minLength':
      return Number(p.limit) === 1
        ? `${where} must not be empty`
        : `${where} must be at least ${p.limit} characters`;
    case 'maxLength':
      return `${where} must be at most ${p.limit} characters`;
    case 'minItems':
      return `${where} must have at least ${p.limit} item(s)`;
    case 'maxItems':
      return `${where} must have at most ${p.limit} items`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `${where} ${error.message ?? 'is out of range'}`;
    case 'enum':
      return `${where} must be one of: ${(p.allowedValues as unknown[]).join(', ')}`;
    case 'pattern':
    case 'format':
      return `${where} is not in the expected format`;
    default:
      return `${where} ${error.message ?? 'is not valid'}`;
  }
}

/** One readable sentence listing every problem of a request. */
export function formatValidationErrors(errors: readonly ErrorObject[], part: string): string {
  const messages = [...new Set(errors.map((e) => sentenceFor(e, part)))];
  return `Invalid ${partLabel[part] ?? part}: ${messages.join('; ')}.`;
}
