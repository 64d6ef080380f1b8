/**
 * The built SPA (issue 15): files come precompressed (brotli or gzip, made at build time by
 * scripts/vite-plugin-precompress.ts) to a browser that accepts them; content-hashed files under assets/
 * never change, so browsers and proxies keep them a year without asking; everything else
 * (index.html, which names the current hashes, and the favicon) is asked for again each time.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Vite's output names: `assets/<name>-<8+ char hash>.<ext>`, possibly with a .br/.gz beside it. */
const HASHED = /[\\/]assets[\\/][^\\/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;

export const cacheControlFor = (filePath: string): string => (HASHED.test(filePath) ? IMMUTABLE : REVALIDATE);

export async function registerStaticAssets(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(filePath));
    },
  });
}
