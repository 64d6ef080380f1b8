/**
 * Issue 28, finding 5: a body dripped a byte at a time (slowloris) no longer holds a connection
 * open for ever: once REQUEST_TIMEOUT_MS has passed since the request began, the server answers
 * 408 and closes it, however steadily the bytes keep coming. Real sockets on a listening server.
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { withRealServer } from '../helpers/real-server';

describe('slow request bodies', () => {
  const real = withRealServer({ here: 'pglite', env: { REQUEST_TIMEOUT_MS: '1500' } });

  /** Opens a POST that promises `length` bytes and sends one every `everyMs` until the server ends it. */
  function drip(length: number, everyMs: number): Promise<{ answer: string; bytesSent: number }> {
    return new Promise((done, fail) => {
      const socket: Socket = connect(Number(new URL(real.server.url).port), '127.0.0.1');
      let answer = '';
      let bytesSent = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.setEncoding('utf8');
      socket.on('connect', () => {
        socket.write(
          `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
        );
        timer = setInterval(() => {
          if (socket.writable && bytesSent < length - 1) {
            socket.write(' ');
            bytesSent++;
          }
        }, everyMs);
      });
      socket.on('data', (chunk: string) => {
        answer += chunk;
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(timer);
        done({ answer, bytesSent });
      });
      // The test's own limit: far above the server's, only so a failure does not hang the run.
      setTimeout(() => {
        socket.destroy();
        fail(new Error(`the server kept the dripping connection open (${bytesSent} bytes sent)`));
      }, 20_000);
    });
  }

  it('answers 408 and closes the connection of a body that keeps dripping', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => drip(10_000, 100)));
    for (const { answer, bytesSent } of results) {
      expect(answer).toMatch(/^HTTP\/1\.1 408 /);
      // Bytes kept arriving, and still the request was cut: the limit is on the whole request.
      expect(bytesSent).toBeGreaterThan(3);
    }
    // The server itself goes on serving.
    const res = await fetch(`${real.server.url}/api/public/config`);
    expect(res.status).toBe(200);
  }, 30_000);
});
