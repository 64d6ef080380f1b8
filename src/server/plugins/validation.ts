/**
 * Request validation. Bodies are checked strictly (no type coercion, unknown fields refused, every
 * problem reported at once); query strings and path parameters are coerced from text, as they
 * must be. Messages name the field and say what to send, not ajv's wording.
 */
import Ajv, { type ErrorObject, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifySchema } from 'fastify';

const common: Options = { allErrors: true, removeAdditional: false, useDefaults: true, strict: false };

export function installValidators(app: FastifyInstance, sharedSchemas: readonly object[]): void {
  const body = addFormats(new Ajv({ ...common, coerceTypes: false }));
  const text = addFormats(new Ajv({ ...common, coerceTypes: 'array' }));
  for (const schema of sharedSchemas) {
    body.addSchema(schema);
    text.addSchema(schema);
  }
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? body : text).compile(schema as FastifySchema & object),
  );
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
