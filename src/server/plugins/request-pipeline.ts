/**
 * What every request goes through on arrival and every answer on its way out, in order, as one
 * Fastify hook per phase. Fastify's cost is per hook, not per step: three hooks of one line each
 * cost a call more than one hook doing the three (issue 30 §2, bench/README.md).
 *
 * A step is done at once (returns nothing, or the payload) unless it returns a promise; the
 * steps after it wait for that promise. A step that throws, or whose promise rejects, ends the
 * request with that error (the error handler answers it).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * request.routeOptions as read on arrival. Fastify builds that object anew at every read (a
     * dozen fields), and each request's hooks read it five times (issue 30 §2).
     */
    route: FastifyRequest['routeOptions'];
  }
}

/** On arrival: the promise of what the step waits for, if anything; a throw refuses the request. */
export type ArrivalStep = (request: FastifyRequest, reply: FastifyReply) => Promise<void> | undefined;

/** On the way out: the payload to send, or the promise of it (no payload is ever a promise). */
export type AnswerStep = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => unknown;

type Done = (error?: Error) => void;
type SendDone = (error: Error | null, payload?: unknown) => void;

function arrive(
  steps: readonly ArrivalStep[],
  from: number,
  request: FastifyRequest,
  reply: FastifyReply,
  done: Done,
): void {
  for (let i = from; i < steps.length; i++) {
    let waiting: Promise<void> | undefined;
    try {
      waiting = (steps[i] as ArrivalStep)(request, reply);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (waiting) {
      waiting.then(() => arrive(steps, i + 1, request, reply, done), done);
      return;
    }
  }
  done();
}

function answer(
  steps: readonly AnswerStep[],
  from: number,
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: SendDone,
): void {
  for (let i = from; i < steps.length; i++) {
    let next: unknown;
    try {
      next = (steps[i] as AnswerStep)(request, reply, payload);
    } catch (error) {
      done(error as Error);
      return;
    }
    if (next instanceof Promise) {
      next.then((sent) => answer(steps, i + 1, request, reply, sent, done), done);
      return;
    }
    payload = next;
  }
  done(null, payload);
}

export interface RequestPipeline {
  /** Adds a step every request takes on arrival, after the ones added before it. */
  onArrival(step: ArrivalStep): void;
  /** Adds a step every answer takes on its way out, after the ones added before it. */
  onAnswer(step: AnswerStep): void;
  /** One onRequest and one onSend hook running the steps. */
  install(app: FastifyInstance): void;
}

export function createRequestPipeline(): RequestPipeline {
  const arrival: ArrivalStep[] = [];
  const answering: AnswerStep[] = [];
  return {
    onArrival: (step) => arrival.push(step),
    onAnswer: (step) => answering.push(step),
    install(app) {
      app.decorateRequest('route', null as unknown as FastifyRequest['route']);
      // Callback hooks, not async ones: an async hook costs every request a promise (issue 30).
      app.addHook('onRequest', (request, reply, done) => {
        request.route = request.routeOptions;
        arrive(arrival, 0, request, reply, done);
      });
      app.addHook('onSend', (request, reply, payload, done) =>
        answer(answering, 0, request, reply, payload, done as SendDone),
      );
    },
  };
}
