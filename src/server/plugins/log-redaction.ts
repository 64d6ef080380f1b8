/**
 * Logging without secrets (issue 28 #2). Every log line passes through here: the request's URL
 * (browsers put the bearer token in the hub's WebSocket URL, `access_token`; an old client may put
 * a reset token in a query), every field whose name says it holds a secret (token, key, secret,
 * signature, password, authorization, cookie — headers included), every `name=value` pair of such a
 * name inside any logged text, and any bearer token in text, are written as `[redacted]`.
 */
import type { FastifyRequest } from 'fastify';
import type { PinoLoggerOptions } from 'fastify/types/logger';

export const REDACTED = '[redacted]';

const SECRET_NAME = /token|key|secret|signature|password|passwd|authorization|cookie|credential/i;
/** `name=value` in a query, a form body or a sentence, where the name says it is a secret. */
const SECRET_PAIR =
  /(^|[?&#;,\s"'])([\w.[\]-]*(?:token|key|secret|signature|password|passwd|credential)[\w.[\]-]*)=([^&#\s"',;]*)/gi;
const BEARER = /\b(Bearer|Basic)\s+[\w\-.~+/]+=*/gi;

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

/** What either pattern needs, looked for first: most logged text has neither (issue 30). */
const MAY_HOLD_SECRET = /=|bearer|basic/i;

export const redactText = (text: string): string =>
  MAY_HOLD_SECRET.test(text)
    ? text.replace(SECRET_PAIR, `$1$2=${REDACTED}`).replace(BEARER, `$1 ${REDACTED}`)
    : text;

export const redactUrl = redactText;

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;

/** A copy of a logged value with every secret-named field and secret-looking text redacted. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  if (value instanceof Error) return redactError(value);
  if (!isPlain(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = isSecretName(key) && v !== null && v !== undefined ? REDACTED : redactValue(v, depth + 1);
  return out;
}

/** Fastify's own request serializer, with the URL redacted (headers are not logged). */
export function redactedRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: redactText(request.url),
    version: Array.isArray(version) ? version[0] : version,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error shape (type, message, stack, code, cause), with secrets redacted from its text. */
function redactError(err: Error): Record<string, unknown> {
  const e = err as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  return {
    type: e.constructor?.name ?? 'Error',
    message: redactText(e.message),
    stack: e.stack ? redactText(e.stack) : undefined,
    ...(e.code !== undefined ? { code: e.code } : {}),
    ...(e.statusCode !== undefined ? { statusCode: e.statusCode } : {}),
    ...(e.cause !== undefined ? { cause: redactValue(e.cause, 1) } : {}),
  };
}

const SERIALIZED = new Set(['req', 'res', 'err']);

/** The logger options that apply all of the above to every line, its message included. */
export const redactingLogger: PinoLoggerOptions = {
  serializers: {
    req: redactedRequest,
    err: (err: unknown) => (err instanceof Error ? redactError(err) : redactValue(err)),
  },
  formatters: {
    // Runs before the serializers: req, res and err are theirs.
    log: (object) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(object))
        out[key] = SERIALIZED.has(key)
          ? value
          : isSecretName(key) && value !== null && value !== undefined
            ? REDACTED
            : redactValue(value);
      return out;
    },
  },
  hooks: {
    logMethod(args, method) {
      return method.apply(
        this,
        args.map((a) => (typeof a === 'string' ? redactText(a) : a)) as Parameters<typeof method>,
      );
    },
  },
};
