import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestLoggerFactory } from '../../src/server/operations/request-log';

describe("a request's own logger (made on its first use)", () => {
  it('writes its lines with the request id, and at its route’s own level', async () => {
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
    await app.inject({ method: 'GET', url: '/logs' });
    await app.inject({ method: 'GET', url: '/quiet' });
    expect(written.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', part: 'stock', msg: 'running low' }),
      expect.objectContaining({ level: 30, reqId: 'req-1', step: 'reserve', msg: 'reserved' }),
    ]);
  });
});
