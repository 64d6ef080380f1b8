/** Issue 30 §2: the request durations kept in plain cells read as prom-client's own histogram would. */
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from '../../src/server/operations/request-durations';

const NAME = 'http_request_duration_seconds';
const HELP = 'Time from a request arriving to its response sent, by route pattern and status.';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** [method, route, status, seconds]: on the bounds, between them, past the last, a route to escape. */
const OBSERVED: [string, string, number, number][] = [
  ['GET', '/api/configuration/ui', 200, 0.0004],
  ['GET', '/api/configuration/ui', 200, 0.005],
  ['GET', '/api/configuration/ui', 200, 0.0051],
  ['GET', '/api/configuration/ui', 401, 0.002],
  ['POST', '/api/dashboard/search', 200, 0.3],
  ['POST', '/api/dashboard/search', 200, 12],
  ['GET', '/api/dashboard/details/:id', 404, 0.02],
  ['GET', 'unmatched', 404, 10],
  ['GET', '/odd "route"\\with\nall', 200, 1],
];

describe('request durations', () => {
  it('writes the same lines as a prom-client Histogram given the same observations', async () => {
    const registry = new Registry();
    const reference = new Histogram({
      name: NAME,
      help: HELP,
      labelNames: ['method', 'route', 'status_code'],
      buckets: BUCKETS,
      registers: [registry],
    });
    const durations = new RequestDurations(NAME, HELP, BUCKETS);
    for (const [method, route, status, seconds] of OBSERVED) {
      reference.observe({ method, route, status_code: String(status) }, seconds);
      durations.record(method, route, status, seconds);
    }
    const lines = (text: string) => text.trim().split('\n').sort();
    expect(lines(durations.exposition())).toEqual(lines(await registry.metrics()));
    // On a bound counts in that bucket: 0.0004 and 0.005 by 0.005, 0.0051 too by 0.01.
    const ui = 'method="GET",route="/api/configuration/ui",status_code="200"';
    expect(durations.exposition()).toContain(`${NAME}_bucket{le="0.005",${ui}} 2`);
    expect(durations.exposition()).toContain(`${NAME}_bucket{le="0.01",${ui}} 3`);
  });

  it('says only its name and type before the first request', () => {
    expect(new RequestDurations(NAME, HELP, BUCKETS).exposition()).toBe(
      `# HELP ${NAME} ${HELP}\n# TYPE ${NAME} histogram`,
    );
  });
});
