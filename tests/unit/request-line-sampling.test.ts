/** Issue 30 §2: one line per request, sampled only for quick successful reads past a thousand a second. */
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createRequestLog,
  FULL_LINES_PER_SECOND,
  type RequestLine,
  SAMPLE_EVERY,
} from '../../src/server/operations/request-log';

const read: RequestLine = {
  method: 'GET',
  route: '/api/configuration/ui',
  status: 200,
  durationMs: 0.4,
  userId: 7,
};

function capture() {
  const written: string[] = [];
  const logger = pino({ level: 'info' }, { write: (text: string) => written.push(text) });
  const log = createRequestLog(logger as unknown as FastifyBaseLogger);
  if (!log) throw new Error('a pino logger with a stream gives a request log');
  const lines = () => {
    log.flush();
    return written
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  };
  return { log, lines };
}

describe('the request line under a flood', () => {
  afterEach(() => vi.useRealTimers());

  it('writes every line up to a thousand a second, then one quick successful read in ten, marked', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z'), toFake: ['Date'] });
    const { log, lines } = capture();
    for (let n = 0; n < FULL_LINES_PER_SECOND + 100; n++) log.write(`r${n}`, read);
    const written = lines();
    expect(written).toHaveLength(FULL_LINES_PER_SECOND + 100 / SAMPLE_EVERY);
    expect(written.filter((l) => l.sampled === undefined)).toHaveLength(FULL_LINES_PER_SECOND);
    expect(written.filter((l) => l.sampled === SAMPLE_EVERY)).toHaveLength(100 / SAMPLE_EVERY);
    expect(written.at(-1)).toMatchObject({ reqId: 'r1099', status: 200, userId: 7, msg: 'request' });
  });

  it('keeps the line of every refusal, error, write and slow call past the threshold, and every line the next second', () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z'), toFake: ['Date'] });
    const { log, lines } = capture();
    for (let n = 0; n < FULL_LINES_PER_SECOND; n++) log.write(`r${n}`, read);
    log.write('refused', { ...read, status: 429 });
    log.write('failed', { ...read, status: 500 });
    log.write('booked', { ...read, method: 'POST', route: '/api/bookings/pool', status: 201 });
    log.write('slow', { ...read, durationMs: 1500 });
    log.write('passed-over', read);
    vi.setSystemTime(new Date('2026-11-28T12:00:01Z'));
    log.write('next-second', read);
    const kept = lines().slice(FULL_LINES_PER_SECOND);
    expect(kept.map((l) => [l.reqId, l.sampled])).toEqual([
      ['refused', undefined],
      ['failed', undefined],
      ['booked', undefined],
      ['slow', undefined],
      ['next-second', undefined],
    ]);
  });
});
