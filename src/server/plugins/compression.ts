/**
 * Issue 15 §4: JSON answers of the API are sent compressed to a client that accepts it — the
 * lookups a signed-in page asks for come to several hundred KB of JSON that compresses about
 * tenfold. Brotli at a fast quality (5: about gzip's cost, smaller output), else gzip; small
 * answers and streams (exports, the static files, which come precompressed) are left as they are.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RequestPipeline } from './request-pipeline';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this the compressed answer saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** The encoding to answer in: br when accepted, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set((name ?? '').trim(), q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/**
 * Whether the answer has COMPRESS_MIN_BYTES. A text of fewer than a third as many UTF-16 units
 * cannot (one unit is at most three bytes of UTF-8), so most answers are not measured: measuring
 * a serializer's text of many pieces joins them first (issue 30 §2).
 */
function longEnough(payload: string | Buffer): boolean {
  if (typeof payload !== 'string') return payload.length >= COMPRESS_MIN_BYTES;
  if (payload.length * 3 < COMPRESS_MIN_BYTES) return false;
  return payload.length >= COMPRESS_MIN_BYTES || Buffer.byteLength(payload) >= COMPRESS_MIN_BYTES;
}

export function installCompression(pipeline: RequestPipeline): void {
  // Most answers are small and leave at once, without a promise (issue 30).
  pipeline.onAnswer((request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const vary = reply.getHeader('vary');
    if (vary === undefined) reply.header('vary', 'accept-encoding');
    else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
    if (!longEnough(payload)) return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const compressed =
      encoding === 'br'
        ? brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : gzipAsync(body, { level: 6 });
    return compressed.then((bytes) => {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return bytes;
    });
  });
}
