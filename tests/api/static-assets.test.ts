/**
 * Issue 15 §4: the built SPA as the server sends it — a compressed file to a browser that accepts
 * brotli or gzip (made at build time by the precompress plugin, never per request), content-hashed
 * assets cached for a year without revalidation, index.html always asked for again.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-plugin-precompress';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const INDEX = `<!doctype html><html><head><title>portal</title><script type="module" src="./assets/index-Ab3dE_9x.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

describe('static assets: precompressed, hashed files immutable, index.html revalidated', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brr-assets-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), INDEX);
    writeFileSync(join(dir, 'assets', 'index-Ab3dE_9x.js'), SCRIPT);
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(precompressDir(dir)).toBe(2);
    t = await startTestApp('pglite', {}, { staticDir: dir });
  });
  afterAll(() => t.close());

  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends brotli to a browser that accepts it', async () => {
    const res = await get('/assets/index-Ab3dE_9x.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip to a browser that accepts only gzip', async () => {
    const res = await get('/assets/index-Ab3dE_9x.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts neither', async () => {
    const res = await get('/assets/index-Ab3dE_9x.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.payload).toBe(SCRIPT);
  });

  it.each(['br', 'gzip', undefined])(
    'a content-hashed asset is cached for a year, immutable (accept-encoding %s)',
    async (encoding) => {
      const res = await get('/assets/index-Ab3dE_9x.js', encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    },
  );

  it.each(['/', '/index.html'])('%s is compressed and never used without asking again', async (url) => {
    const res = await get(url, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    // The HTML keeps its Content Security Policy when it is sent compressed.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('a file without a content hash (the favicon) is revalidated, not kept for a year', async () => {
    const res = await get('/favicon.svg', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a large API answer (a lookup) comes compressed: brotli, else gzip, else plain', async () => {
    const token = await t.tokenFor('demo.staff');
    const lookup = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/lookup/locations',
        headers: { ...bearer(token), ...(encoding ? { 'accept-encoding': encoding } : {}) },
      });
    const plain = await lookup();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await lookup('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await lookup('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect((await lookup('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
  });

  it('a small API answer is sent as it is', async () => {
    const res = await get('/api/version', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toHaveProperty('hash');
  });

  it('API answers stay uncached', async () => {
    const res = await get('/api/public/config', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
