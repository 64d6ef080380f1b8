/**
 * Issue 29's one line per request, written the way pino writes it (level, time, pid, hostname,
 * reqId, then the fields, then msg) but without pino's work per line (issue 30): its fields are a
 * method, a route pattern and numbers, so no redaction can find anything in them, and the lines
 * of one turn of the event loop leave in one write instead of a write each — measured alone,
 * pino's redacted line cost ~7.6 µs a call and this one ~0.4 µs (bench/README.md). Past a thousand
 * lines a second, quick successful reads are sampled (FULL_LINES_PER_SECOND).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger';
import pino from 'pino';

export interface RequestLine {
  method: string;
  /** The route's pattern (`/api/orders/:id`), never the URL: a query may hold a secret. */
  route: string;
  status: number;
  durationMs: number;
  userId?: number;
  apiKeyId?: number;
}

/** pino's numeric level of `info`, the level of a request line. */
const INFO = 30;
/**
 * Issue 30 §2's sampled line: past this many lines in a second, an instance writes one line in
 * SAMPLE_EVERY of the quick successful reads, marked `"sampled":10`. Every other call keeps its
 * line: a refusal or an error, a write, and a call slower than SLOW_MS. The metrics still count
 * every call. Below the threshold (a portal's ordinary day) every call has its line.
 */
export const FULL_LINES_PER_SECOND = 1000;
export const SAMPLE_EVERY = 10;
const SLOW_MS = 1000;
const READS = new Set(['GET', 'HEAD']);

/** Whether a line may be left out when the instance is past FULL_LINES_PER_SECOND. */
const sampleable = (line: RequestLine) =>
  line.status < 400 && line.durationMs < SLOW_MS && READS.has(line.method);
/** Past this many characters waiting, the lines leave at once rather than at the turn's end. */
const MAX_WAITING = 64 * 1024;

type PinoInternals = {
  [key: symbol]: unknown;
  levelVal?: number;
};

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
type LogMethods = Pick<FastifyBaseLogger, (typeof LEVELS)[number]>;

/**
 * A request's own logger (request.log), made only when the request logs something. Fastify made a
 * pino child for every call (issue 30 §2), though almost none logs more than its request line,
 * which this module writes without it.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get logger(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  get level() {
    return this.logger.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions) {
    return this.logger.child(bindings, options);
  }
}

// One method per level on the prototype, each passing its line to the logger made at first use.
const methods = RequestLogger.prototype as unknown as LogMethods;
for (const level of LEVELS)
  methods[level] = function (this: RequestLogger, ...args: Parameters<LogMethods['info']>) {
    this.logger[level](...args);
  };

/** Fastify's childLoggerFactory: each request's logger, made on its first use. */
export const requestLoggerFactory = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger => new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;

/**
 * The writer of request lines to `logger`'s own destination; each line carries `logger`'s bindings
 * and the request's id, as a line of the request's own logger would. Null when the server logs
 * nothing (tests' apps).
 */
export function createRequestLog(logger: FastifyBaseLogger) {
  const stream = (logger as unknown as PinoInternals)[pino.symbols.streamSym] as
    | { write(text: string): unknown }
    | undefined;
  if (typeof stream?.write !== 'function') return null;
  const internals = logger as unknown as PinoInternals;
  const bindings = (internals[pino.symbols.chindingsSym] as string | undefined) ?? '';
  let waiting = '';
  let scheduled = false;
  let secondStarted = 0;
  let linesThisSecond = 0;
  let passedOver = 0;
  const flush = () => {
    scheduled = false;
    if (waiting === '') return;
    const text = waiting;
    waiting = '';
    stream.write(text);
  };
  return {
    write(requestId: string, line: RequestLine): void {
      if ((internals.levelVal ?? INFO) > INFO) return;
      const now = Date.now();
      if (now - secondStarted >= 1000) {
        secondStarted = now;
        linesThisSecond = 0;
      }
      let sampled = '';
      if (++linesThisSecond > FULL_LINES_PER_SECOND && sampleable(line)) {
        if (++passedOver % SAMPLE_EVERY !== 0) return;
        sampled = `,"sampled":${SAMPLE_EVERY}`;
      }
      waiting += `{"level":${INFO},"time":${now}${bindings},"reqId":${JSON.stringify(requestId)},"method":${JSON.stringify(line.method)},"route":${JSON.stringify(line.route)},"status":${line.status},"durationMs":${line.durationMs}${line.userId === undefined ? '' : `,"userId":${line.userId}`}${line.apiKeyId === undefined ? '' : `,"apiKeyId":${line.apiKeyId}`}${sampled},"msg":"request"}\n`;
      if (waiting.length > MAX_WAITING) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    /** What waits, written now (the server's close). */
    flush,
  };
}
