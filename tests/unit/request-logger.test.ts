import Fastify, { LogController } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { requestLoggerFactory } from '../../src/server/operations/request-log';

describe("a request's own logger (made on its first use)", () => {
  it('is made only when the request logs, and writes with the request id at its route’s own level', async () => {
    const written: string[] = [];
    const app = Fastify({
      logger: { level: 'info', stream: { write: (line: string) => written.push(line) } },
      childLoggerFactory: requestLoggerFactory,
      logController: new LogController({ disableRequestLogging: true }),
      genReqId: () => 'req-1',
    });
    app.get('/logs', async (request) => {
      request.log.warn({ part: 'stock' }, 'running low');
      request.log.child({ step: 'reserve' }).info('reserved');
      return { ok: true };
    });
    app.get('/quiet', { logLevel: 'silent' }, async (request) => {
      request.log.error('never written');
      return { ok: true };
    });
    app.get('/nothing', async () => ({ ok: true }));
    await app.ready();
    const made = vi.spyOn(app.log, 'child');
    await app.inject({ method: 'GET', url: '/nothing' });
    // A request that logs nothing makes no logger of its own.
    expect(made).not.toHaveBeenCalled();
    await app.inject({ method: 'GET', url: '/logs' });
    await app.inject({ method: 'GET', url: '/quiet' });
    // One logger for each request that logged (a child of it inherits the watched method too).
    expect(made.mock.calls.map(([bindings]) => bindings)).toEqual([
      { reqId: 'req-1' },
      { step: 'reserve' },
      { reqId: 'req-1' },
    ]);
    expect(written.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', part: 'stock', msg: 'running low' }),
      expect.objectContaining({ level: 30, reqId: 'req-1', step: 'reserve', msg: 'reserved' }),
    ]);
  });
});
