/**
 * Request validation. Bodies are checked strictly (no type coercion, unknown fields refused, every
 * problem reported at once); query strings and path parameters are coerced from text, as they
 * must be. Messages name the field and say what to send, not ajv's wording.
 * Issue 28: a 400 lists at most MAX_LISTED_PROBLEMS problems in at most MAX_MESSAGE_CHARS, and
 * anonymous routes (sign-in, recovery, sign-up) stop at the first problem, so a body of 90,000
 * unknown keys costs neither a long validation nor a megabyte answer.
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

type Compiler = Parameters<FastifyInstance['setValidatorCompiler']>[0];

function compilerOf(allErrors: boolean, sharedSchemas: readonly object[]): Compiler {
  const body = addFormats(new Ajv({ ...common, allErrors, coerceTypes: false }));
  const text = addFormats(new Ajv({ ...common, allErrors, coerceTypes: 'array' }));
  for (const schema of sharedSchemas) {
    body.addSchema(schema);
    text.addSchema(schema);
  }
  return ({ schema, httpPart }) =>
    (httpPart === 'body' ? body : text).compile(withDatabaseRanges(schema as FastifySchema & object));
}

export function installValidators(app: FastifyInstance, sharedSchemas: readonly object[]): void {
  app.setValidatorCompiler(compilerOf(true, sharedSchemas));
  // Issue 28: whoever may call without signing in gets the first problem only (see above).
  const firstProblem = compilerOf(false, sharedSchemas);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if ((access === 'public' || access === 'optional') && !route.validatorCompiler)
      route.validatorCompiler = firstProblem;
  });
  // Issue 11: no text with a NUL character reaches the database (PostgreSQL refuses it: a 500).
  // Issue 28: nor a lone UTF-16 surrogate, which no JSON column or UTF-8 text can hold.
  // Checked for every route, those whose bodies the flows check themselves included.
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['request body', request.body],
      ['query', request.query],
      ['path', request.params],
    ] as const) {
      const found = badTextAt(value);
      if (found === null) continue;
      // A key may be the bad text itself: the message shows its lone surrogates as U+FFFD.
      const where = shortField(found.path.replace(/\p{Cs}/gu, '\uFFFD')) || 'the text';
      if (found.problem === 'nul')
        throw new AppError(
          400,
          `Invalid ${part}: ${where} contains a NUL character (\\u0000), which no field may hold. Remove it and send again.`,
          'NUL_CHARACTER',
        );
      throw new AppError(
        400,
        `Invalid ${part}: ${where} contains invalid Unicode (a lone UTF-16 surrogate such as \\ud800). Send the text as valid Unicode.`,
        'INVALID_UNICODE',
      );
    }
  });
}

/** What is wrong with a text: a NUL character, or a lone surrogate (not well-formed UTF-16). */
export type TextProblem = 'nul' | 'surrogate';

/** In a `u` regex a well-formed pair is one code point; only a lone surrogate is of category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

const problemOf = (text: string): TextProblem | null =>
  text.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(text) ? 'surrogate' : null;

/**
 * The dotted path of the first key or text holding U+0000 or a lone surrogate ('' for the value
 * itself), and which; null when every text is clean.
 */
export function badTextAt(
  value: unknown,
  path = '',
  depth = 0,
): { path: string; problem: TextProblem } | null {
  if (typeof value === 'string') {
    const problem = problemOf(value);
    return problem ? { path, problem } : null;
  }
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    const problem = problemOf(key);
    if (problem) return { path: at, problem };
    const found = badTextAt(item, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/** Problems one 400 lists, and the longest message and field name it quotes (issue 28). */
export const MAX_LISTED_PROBLEMS = 10;
export const MAX_MESSAGE_CHARS = 2_000;
const MAX_FIELD_CHARS = 80;

/** A field name as a message quotes it: a key of a megabyte is cut, and says so. */
const shortField = (field: string): string =>
  field.length > MAX_FIELD_CHARS
    ? `${field.slice(0, MAX_FIELD_CHARS).replace(/[\ud800-\udbff]$/, '')}…` // never half a pair
    : field;

const partLabel: Record<string, string> = { body: 'request body', querystring: 'query', params: 'path' };

function fieldName(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`))
    .join('')
    .replace(/^\./, '');
  return shortField(path);
}

function sentenceFor(error: ErrorObject, part: string): string {
  const field = fieldName(error);
  const where = field || `the ${partLabel[part] ?? part}`;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${shortField(`${field ? `${field}.` : ''}${String(p.missingProperty)}`)} is required`;
    case 'additionalProperties':
      return `Unknown field '${shortField(`${field ? `${field}.` : ''}${String(p.additionalProperty)}`)}' in the ${partLabel[part] ?? part}`;
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

/**
 * Each problem of a request as the 400's `errors` list it (issue 26): its field, the sentence, and
 * the schema keyword that refused it; the first MAX_LISTED_PROBLEMS.
 */
export function validationProblems(
  errors: readonly ErrorObject[],
  part: string,
): { field: string; message: string; ruleId: string }[] {
  return errors.slice(0, MAX_LISTED_PROBLEMS).map((error) => {
    const p = error.params as Record<string, unknown>;
    const base = fieldName(error);
    const named =
      error.keyword === 'required'
        ? p.missingProperty
        : error.keyword === 'additionalProperties'
          ? p.additionalProperty
          : undefined;
    return {
      field: named === undefined ? base : shortField(`${base ? `${base}.` : ''}${String(named)}`),
      message: `${sentenceFor(error, part)}.`,
      ruleId: `schema.${error.keyword}`,
    };
  });
}

/**
 * One readable sentence listing the problems of a request: the first MAX_LISTED_PROBLEMS, and how
 * many more there are, in at most MAX_MESSAGE_CHARS.
 */
export function formatValidationErrors(errors: readonly ErrorObject[], part: string): string {
  const messages = new Set<string>();
  for (const error of errors) {
    messages.add(sentenceFor(error, part));
    if (messages.size > MAX_LISTED_PROBLEMS) break;
  }
  const listed = [...messages].slice(0, MAX_LISTED_PROBLEMS);
  const more = errors.length > listed.length && messages.size > MAX_LISTED_PROBLEMS;
  const text = `Invalid ${partLabel[part] ?? part}: ${listed.join('; ')}${more ? `; and ${errors.length - listed.length} more problem(s)` : ''}.`;
  return text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : text;
}
