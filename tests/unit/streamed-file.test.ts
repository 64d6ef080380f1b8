/**
 * Issue 28: a client that closes a download mid-way (a cancelled save, a closed tab) is logged at
 * info — it is no fault of ours — while a failure of our own mid-way is still an error. The file is
 * read through a real HTTP server and connection, as a browser reads an export.
 */
import { createServer, get, type Server } from 'node:http';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { drained, streamedFile } from '../../src/server/domain/dashboard-export';
import { until } from '../helpers/until';

interface Logged {
  level: 'info' | 'error';
  message: string;
}

function recorder() {
  const lines: Logged[] = [];
  return {
    lines,
    info: (_: object, message: string) => lines.push({ level: 'info', message }),
    error: (_: object, message: string) => lines.push({ level: 'error', message }),
  };
}

/** Writes a long file as the exports do: a batch, then wait for the reader. */
async function longFile(out: Writable, fail?: number) {
  for (let batch = 0; batch < 100_000; batch++) {
    if (batch === fail) throw new Error('the database went away');
    out.write(`${'row,'.repeat(2_000)}\r\n`);
    await drained(out);
  }
  out.end();
}

describe('a streamed download', () => {
  let server: Server | null = null;
  afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  /** Serves one streamed file; the client reads its first bytes and then closes the connection. */
  async function abortedAfterFirstBytes(log: ReturnType<typeof recorder>) {
    server = createServer((_, res) =>
      pipeline(
        streamedFile((out) => longFile(out), log, 'export'),
        res,
        () => {},
      ),
    );
    await new Promise<void>((r) => server?.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => {
      const request = get({ host: '127.0.0.1', port, path: '/' }, (res) => {
        res.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', () => {});
    });
  }

  it('logs a client that closes it mid-way at info, not error', async () => {
    const log = recorder();
    await abortedAfterFirstBytes(log);
    await until(() => log.lines.length > 0);
    expect(log.lines).toEqual([{ level: 'info', message: 'export stopped: the client closed the download' }]);
  });

  it('still logs a failure of its own mid-way as an error', async () => {
    const log = recorder();
    const file = streamedFile((out) => longFile(out, 3), log, 'export');
    file.on('error', () => {});
    file.resume();
    await until(() => log.lines.length > 0);
    expect(log.lines).toEqual([{ level: 'error', message: 'export stopped' }]);
  });
});
