import { describe, expect, it } from 'vitest';
import { REDACTED, redactingLogger, redactText, redactValue } from '../../src/server/plugins/log-redaction';

describe('request URLs in the log', () => {
  it('hides a bearer token given in the query, wherever it stands, and keeps the rest', () => {
    expect(redactText('/api/dashboard/hub?id=abc.1.2.sig&access_token=eyJhbGc.payload.sig')).toBe(
      '/api/dashboard/hub?id=abc.1.2.sig&access_token=[redacted]',
    );
    expect(redactText('/api/dashboard/hub?access_token=eyJ&id=x')).toBe(
      '/api/dashboard/hub?access_token=[redacted]&id=x',
    );
    expect(redactText('/api/lookup/locations?market=LAX')).toBe('/api/lookup/locations?market=LAX');
  });

  it('hides every secret-like query parameter (issue 28): token, key, secret, signature, password', () => {
    const url =
      '/x?token=t1&api_key=k1&client_secret=s1&X-Signature=g1&password=p1&resetToken=r1&page=2&Key=k2';
    expect(redactText(url)).toBe(
      `/x?token=${REDACTED}&api_key=${REDACTED}&client_secret=${REDACTED}&X-Signature=${REDACTED}&password=${REDACTED}&resetToken=${REDACTED}&page=2&Key=${REDACTED}`,
    );
    // In a link inside a sentence, and after a fragment (the SPA's reset link).
    expect(redactText('open https://p.example/#/support/resetpassword?token=abc123&returnUrl=%2Fapp')).toBe(
      `open https://p.example/#/support/resetpassword?token=${REDACTED}&returnUrl=%2Fapp`,
    );
    expect(redactText('sent with Authorization: Bearer eyJhbGciOi.x.y')).toBe(
      `sent with Authorization: Bearer ${REDACTED}`,
    );
  });
});

describe('log objects', () => {
  it('hides secret-named fields and headers at any depth, and secrets in any text', () => {
    const logged = redactValue({
      headers: {
        authorization: 'Bearer abc',
        cookie: 'sid=1',
        'x-api-key': 'k',
        'x-webhook-signature': 'sha256=1',
        accept: 'application/json',
      },
      body: { Token: 'reset-token', NewPassword: 'Fresh!Pass2468', UserName: 'demo.customer' },
      link: 'https://p.example/#/support/resetpassword?token=abc&returnUrl=%2F',
      list: [{ secret: 's' }],
      count: 3,
    });
    expect(logged).toEqual({
      headers: {
        authorization: REDACTED,
        cookie: REDACTED,
        'x-api-key': REDACTED,
        'x-webhook-signature': REDACTED,
        accept: 'application/json',
      },
      body: { Token: REDACTED, NewPassword: REDACTED, UserName: 'demo.customer' },
      link: `https://p.example/#/support/resetpassword?token=${REDACTED}&returnUrl=%2F`,
      list: [{ secret: REDACTED }],
      count: 3,
    });
  });

  it('applies to every line: fields, errors and the message', () => {
    const format = redactingLogger.formatters?.log as (o: Record<string, unknown>) => Record<string, unknown>;
    expect(format({ apiKey: 'k', url: '/a?signature=s' })).toEqual({
      apiKey: REDACTED,
      url: `/a?signature=${REDACTED}`,
    });
    const err = (
      (redactingLogger.serializers as Record<string, unknown>).err as (e: unknown) => {
        message: string;
        stack: string;
      }
    )(new Error('GET /api/x?password=hunter2 failed'));
    expect(err.message).toBe(`GET /api/x?password=${REDACTED} failed`);
    expect(err.stack).not.toContain('hunter2');
    const lines: unknown[][] = [];
    const method = function (this: unknown, ...args: unknown[]) {
      lines.push(args);
    };
    (
      (redactingLogger.hooks as Record<string, unknown>).logMethod as (
        this: unknown,
        a: unknown[],
        m: typeof method,
      ) => void
    ).call({}, [{ a: 1 }, 'reset link https://p/#/r?token=abc'], method);
    expect(lines).toEqual([[{ a: 1 }, `reset link https://p/#/r?token=${REDACTED}`]]);
  });
});
