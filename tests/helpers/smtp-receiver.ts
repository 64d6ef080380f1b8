/** A real SMTP server (smtp-server) on loopback that keeps every mail it receives, for mail tests. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { until } from './until';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message as it arrived (headers and body). */
  data: string;
}

export interface SmtpReceiver {
  port: number;
  received: ReceivedMail[];
  /** The most SMTP connections that were open at one time. */
  readonly mostConnectionsAtOnce: number;
  /** Resolves once `count` mails have arrived (rejects after `ms`). */
  waitFor(count: number, ms?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** Listens on `port` (0: any free one) on 127.0.0.1. */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  let open = 0;
  let most = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      open += 1;
      most = Math.max(most, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    get mostConnectionsAtOnce() {
      return most;
    },
    async waitFor(count, ms = 20_000) {
      await until(() => received.length >= count, {
        what: () => `${count} mails (${received.length} arrived)`,
        timeoutMs: ms,
      });
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
