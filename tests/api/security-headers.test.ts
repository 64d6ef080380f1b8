/**
 * Issue 11 §5: what a scanner expects on every answer — API JSON not sniffed, framed or cached,
 * HTML (the SPA and the OpenAPI UI) under a Content Security Policy whose WebSocket reach is our
 * own origin only — and CORS closed to other origins.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';

describe('security headers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'brr-static-'));
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>portal</title>');
    t = await startTestApp('pglite', {}, { staticDir });
    token = await t.tokenFor('demo.customer');
  });
  afterAll(() => t.close());

  const common = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'x-frame-options': 'DENY',
  };

  it('a signed-in API answer is not sniffed, framed or cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/account', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({ ...common, 'cache-control': 'no-store' });
    expect(res.headers['permissions-policy']).toMatch(/camera=\(\)/);
  });

  it('an API error has them too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me/account' });
    expect(res.statusCode).toBe(401);
    expect(res.headers).toMatchObject({ ...common, 'cache-control': 'no-store' });
  });

  it.each(['/', '/api/docs'])(
    'HTML at %s is under the CSP, its WebSocket reach our own origin only',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toMatch(/ws:|wss:/);
      expect(res.headers).toMatchObject(common);
    },
  );

  it('answers no other origin: no CORS grant, and a preflight finds no route', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/public/config',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
  });
});
