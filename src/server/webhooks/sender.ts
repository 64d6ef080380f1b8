/**
 * Issue 18: one HTTP POST of a webhook delivery, with a hard time limit (AbortController), no
 * redirects followed (a 3xx is a failed try: the subscription's URL should be the final one), and
 * the destination rules of destination.ts applied to the address actually connected to.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, refusedAddress } from './destination';

export interface SendResult {
  /** The HTTP status; null when no answer came (refused, timed out, connection failed). */
  status: number | null;
  /** Why the try failed, in a line for the delivery log; null when it was delivered (2xx). */
  error: string | null;
}

const ERROR_BODY_CHARS = 300;

export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowLoopback: boolean },
): Promise<SendResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup, so it is checked here.
  const literalProblem = isIP(host) ? refusedAddress(host, options.allowLoopback) : null;
  if (literalProblem) return Promise.resolve({ status: null, error: literalProblem });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((done) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        signal: controller.signal,
        lookup: guardedLookup(options.allowLoopback) as never,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'ChassisPortal-Webhooks/1',
          ...headers,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < ERROR_BODY_CHARS) text += chunk;
        });
        response.on('end', () =>
          done(
            status >= 200 && status < 300
              ? { status, error: null }
              : {
                  status,
                  error: `HTTP ${status}${text.trim() ? `: ${text.trim().slice(0, ERROR_BODY_CHARS)}` : ''}`,
                },
          ),
        );
        response.on('error', (err) => done({ status, error: err.message }));
      },
    );
    request.on('error', (err) =>
      done({
        status: null,
        error: controller.signal.aborted ? `No answer within ${options.timeoutMs} ms` : err.message,
      }),
    );
    request.end(body);
  }).finally(() => clearTimeout(timer));
}
