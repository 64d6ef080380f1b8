/**
 * D-077: the product's own server writes its log to standard output in blocks of about 4 KB, and
 * at least once a second. A quiet server's one request line still reaches the output while the
 * server runs on: nothing waits for a block to fill or for the process to exit.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  killed,
  type Portal,
  type PortalDatabase,
  portalDatabases,
  startPortal,
} from '../helpers/portal-process';
import { until } from '../helpers/until';

const [[name, prepare]] = portalDatabases as [(typeof portalDatabases)[number]];

describe(`the log of a running server on ${name}`, () => {
  let portal: Portal | null = null;
  let where: PortalDatabase | null = null;
  afterAll(async () => {
    if (portal) await killed(portal.child);
    await where?.cleanup();
  });

  it("shows a lone request's line within seconds, the server still running", {
    timeout: 300_000,
  }, async () => {
    where = await prepare();
    portal = await startPortal(where.env);
    const answer = await fetch(`${portal.origin}/api/version`);
    expect(answer.status).toBe(200);
    const requestId = answer.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const running = portal;
    await until(() => running.output().includes(`"reqId":"${requestId}"`), {
      what: () => `the line of request ${requestId} in the output:\n${running.output().slice(-2000)}`,
      timeoutMs: 5_000,
    });
    const line = running
      .output()
      .split('\n')
      .find((l) => l.includes(`"reqId":"${requestId}"`));
    expect(JSON.parse(line as string)).toMatchObject({ route: '/api/version', status: 200, msg: 'request' });
    expect(running.child.exitCode).toBeNull();
  });
});
