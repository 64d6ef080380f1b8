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

  it('sends no HSTS over plain HTTP, nor for an X-Forwarded-Proto from a balancer it does not trust', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // No TRUST_PROXY: anyone could send the header, so it says nothing.
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/api/public/config',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS behind a trusted balancer (issue 28)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // app.inject comes from 127.0.0.1: the balancer this configuration trusts.
    t = await startTestApp('pglite', { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('sends Strict-Transport-Security when the balancer says the request came over TLS', async () => {
    const tls = await t.app.inject({
      method: 'GET',
      url: '/api/public/config',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const error = await t.app.inject({
      method: 'GET',
      url: '/api/users/me/account',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(error.statusCode).toBe(401);
    expect(error.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await t.app.inject({
      method: 'GET',
      url: '/api/public/config',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });
});
