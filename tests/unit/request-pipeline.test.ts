import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createRequestPipeline } from '../../src/server/plugins/request-pipeline';

/** A bare Fastify app whose every request takes `steps` (the server's own are tested in tests/api). */
function appWith(configure: (pipeline: ReturnType<typeof createRequestPipeline>, seen: string[]) => void) {
  const seen: string[] = [];
  const app = Fastify();
  const pipeline = createRequestPipeline();
  configure(pipeline, seen);
  pipeline.install(app);
  app.setErrorHandler((error: Error, _request, reply) => reply.code(403).send({ message: error.message }));
  app.get('/x', async () => {
    seen.push('handler');
    return { ok: true };
  });
  return { app, seen };
}

describe('the request pipeline', () => {
  it('runs the arrival steps in order, waiting for one that returns a promise', async () => {
    const { app, seen } = appWith((pipeline, seen) => {
      pipeline.onArrival(() => {
        seen.push('first');
        return undefined;
      });
      pipeline.onArrival(
        () =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              seen.push('second, later');
              resolve();
            }, 5),
          ),
      );
      pipeline.onArrival(() => {
        seen.push('third');
        return undefined;
      });
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(seen).toEqual(['first', 'second, later', 'third', 'handler']);
  });

  it('ends the request with the error of a step that throws or rejects: no later step, no handler', async () => {
    for (const refuse of [
      () => {
        throw new Error('refused at once');
      },
      () => Promise.reject(new Error('refused later')),
    ]) {
      const { app, seen } = appWith((pipeline, seen) => {
        pipeline.onArrival(refuse);
        pipeline.onArrival(() => {
          seen.push('after the refusal');
          return undefined;
        });
      });
      const res = await app.inject({ method: 'GET', url: '/x' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/^refused/);
      expect(seen).toEqual([]);
    }
  });

  it('passes each answer step the payload the one before it returned, promised or not', async () => {
    const { app } = appWith((pipeline) => {
      pipeline.onAnswer((_request, reply, payload) => {
        reply.header('x-step', 'one');
        return `${payload}`.replace('true', '"once"');
      });
      pipeline.onAnswer((_request, _reply, payload) =>
        Promise.resolve(`${payload}`.replace('once', 'twice')),
      );
      pipeline.onAnswer((_request, reply, payload) => {
        reply.header('x-step', `${reply.getHeader('x-step')}, three`);
        return payload;
      });
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.json()).toEqual({ ok: 'twice' });
    expect(res.headers['x-step']).toBe('one, three');
  });
});
