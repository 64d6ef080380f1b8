/**
 * A webhook receiver on loopback (node:http) for the webhook tests: it records every POST (headers,
 * raw body, when it came and when it was answered) and answers as the test's `answer` says — a
 * status, after an optional delay, or never (a hung endpoint).
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from '../helpers/until';

export interface ReceivedHook {
  headers: IncomingHttpHeaders;
  raw: string;
  body: { id: string; event: string; occurredAt: string; order?: { BookingOrderId: number } | null };
  receivedAt: number;
  answeredAt: number | null;
}

/** What to answer the n-th request (0-based): a status (with a delay), or 'hang'. */
export type Answer = (n: number, hook: ReceivedHook) => { status: number; delayMs?: number } | 'hang';

export interface Receiver {
  url: string;
  received: ReceivedHook[];
  answer: Answer;
  waitFor(count: number, ms?: number): Promise<ReceivedHook[]>;
  close(): Promise<void>;
}

export async function startReceiver(answer: Answer = () => ({ status: 200 })): Promise<Receiver> {
  const hung: ServerResponse[] = [];
  const receiver: Receiver = {
    url: '',
    received: [],
    answer,
    async waitFor(count, ms = 20_000) {
      await until(() => receiver.received.length >= count, {
        what: () => `${count} deliveries (the receiver got ${receiver.received.length})`,
        timeoutMs: ms,
      });
      return receiver.received;
    },
    close: () =>
      new Promise<void>((done) => {
        for (const res of hung) res.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const hook: ReceivedHook = {
        headers: req.headers,
        raw,
        body: JSON.parse(raw),
        receivedAt: Date.now(),
        answeredAt: null,
      };
      const n = receiver.received.length;
      receiver.received.push(hook);
      const how = receiver.answer(n, hook);
      if (how === 'hang') {
        hung.push(res);
        return;
      }
      setTimeout(() => {
        hook.answeredAt = Date.now();
        res
          .writeHead(how.status, { 'content-type': 'text/plain' })
          .end(how.status < 300 ? 'ok' : 'receiver says no');
      }, how.delayMs ?? 0);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

export { until } from '../helpers/until';
