import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/server/plugins/log-redaction';

describe('request URLs in the log', () => {
  it('hides a bearer token given in the query, wherever it stands, and keeps the rest', () => {
    expect(redactUrl('/api/dashboard/hub?id=abc.1.2.sig&access_token=eyJhbGc.payload.sig')).toBe(
      '/api/dashboard/hub?id=abc.1.2.sig&access_token=[redacted]',
    );
    expect(redactUrl('/api/dashboard/hub?access_token=eyJ&id=x')).toBe(
      '/api/dashboard/hub?access_token=[redacted]&id=x',
    );
    expect(redactUrl('/api/lookup/locations?market=LAX')).toBe('/api/lookup/locations?market=LAX');
  });
});
