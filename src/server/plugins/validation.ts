/**
 * Request validation. Bodies are checked strictly (no type coercion, unknown fields refused, every
 * problem reported at once); query strings and path parameters are coerced from text, as they
 * must be. Messages are the flow engine's (issue 26): they name the field and say what to send.
 * Issue 28: a 400 lists at most MAX_LISTED_PROBLEMS problems in at most MAX_MESSAGE_CHARS, and
 * anonymous routes (sign-in, recovery, sign-up) stop at the first problem, so a body of 90,000
 * unknown keys costs neither a long validation nor a megabyte answer.
 */
import Ajv, { type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { describeSchemaError, type SchemaErrorLike } from '../../engine/core/schema-messages';
import type { JsonSchema } from '../../engine/core/types';
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
  app.addHook('preValidation', (request, _reply, done) => {
    // Three calls, not a loop over three pairs: this runs on every request (issue 30 §2).
    done(
      textRefusal('request body', request.body) ??
        textRefusal('query', request.query) ??
        textRefusal('path', request.params) ??
        undefined,
    );
  });
}

/** The 400 for the first NUL or lone surrogate in one part of a request; null when it is clean. */
function textRefusal(part: string, value: unknown): AppError | null {
  const found = badTextAt(value);
  if (found === null) return null;
  // A key may be the bad text itself: the message shows its lone surrogates as U+FFFD.
  const where = shortField(found.path.replace(/\p{Cs}/gu, '\uFFFD')) || 'the text';
  if (found.problem === 'nul')
    return new AppError(
      400,
      `Invalid ${part}: ${where} contains a NUL character (\\u0000), which no field may hold. Remove it and send again.`,
      'NUL_CHARACTER',
    );
  return new AppError(
    400,
    `Invalid ${part}: ${where} contains invalid Unicode (a lone UTF-16 surrogate such as \\ud800). Send the text as valid Unicode.`,
    'INVALID_UNICODE',
  );
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
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = (value as Record<string, unknown>)[key];
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

/** A problem of a request as its 400 lists it in `errors` (issue 26). */
export interface RequestProblem {
  field: string;
  message: string;
  /** schema.<keyword>: the schema keyword that refused the value */
  ruleId: string;
}

/**
 * The ajv error with the names the sender chose (the keys of the path, an unknown key) cut to
 * MAX_FIELD_CHARS, so no sentence quotes a key of a megabyte.
 */
function bounded(error: ErrorObject): SchemaErrorLike {
  const p = error.params as Record<string, unknown>;
  const cut = (name: string) => (p[name] === undefined ? {} : { [name]: shortField(String(p[name])) });
  return {
    keyword: error.keyword,
    instancePath: error.instancePath.split('/').map(shortField).join('/'),
    schemaPath: error.schemaPath,
    params: { ...p, ...cut('additionalProperty'), ...cut('missingProperty') },
  };
}

/**
 * Each problem in the engine's words (describeSchemaError): a route's 400 and a flow form say the
 * same sentence for the same problem. Route schemas rarely title their fields, so the sentences
 * name them by their keys; a problem of the part as a whole names the part ("The request body").
 */
function describer(part: string, schema: object | undefined): (error: ErrorObject) => RequestProblem {
  const root = (schema ?? {}) as JsonSchema;
  const titled = typeof root.title === 'string' ? root : { ...root, title: `The ${partLabel[part] ?? part}` };
  return (error) => {
    const { field, message } = describeSchemaError(titled, bounded(error));
    return { field: shortField(field), message, ruleId: `schema.${error.keyword}` };
  };
}

/**
 * A refused request part as its 400 says it: `errors`, the first MAX_LISTED_PROBLEMS problems
 * (issue 26), and `message`, one sentence naming them (deduplicated), how many more there are, in
 * at most MAX_MESSAGE_CHARS. `schema` is the part's schema, for the titles and descriptions it has.
 */
export function validationFailure(
  errors: readonly ErrorObject[],
  part: string,
  schema?: object,
): { message: string; errors: RequestProblem[] } {
  const describe = describer(part, schema);
  const listed = errors.slice(0, MAX_LISTED_PROBLEMS).map(describe);
  const sentences = new Set(listed.map((p) => p.message.replace(/\.$/, '')));
  // Repeated sentences leave room for more: read on until MAX_LISTED_PROBLEMS are different.
  for (const error of errors.slice(MAX_LISTED_PROBLEMS)) {
    if (sentences.size > MAX_LISTED_PROBLEMS) break;
    sentences.add(describe(error).message.replace(/\.$/, ''));
  }
  const named = [...sentences].slice(0, MAX_LISTED_PROBLEMS);
  const more = sentences.size > MAX_LISTED_PROBLEMS;
  const text = `Invalid ${partLabel[part] ?? part}: ${named.join('; ')}${more ? `; and ${errors.length - named.length} more problem(s)` : ''}.`;
  return {
    message: text.length > MAX_MESSAGE_CHARS ? `${text.slice(0, MAX_MESSAGE_CHARS - 1)}…` : text,
    errors: listed,
  };
}
