/**
 * Outgoing mail (ARCHITECTURE §5): over SMTP when SMTP_URL is set; otherwise each mail is written
 * as an RFC 822 .eml file to DATA_DIR/outbox and its path is logged, so the demo works offline and
 * tests can read what was sent.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config';

export interface Mail {
  to: readonly string[];
  subject: string;
  text: string;
  /** The same content as HTML (sent as an alternative to the text). */
  html?: string;
  /** The Message-ID header (`<…@…>`); nodemailer makes one up when absent. */
  messageId?: string;
}

export interface Mailer {
  /** Resolves once the SMTP server took the mail or the .eml file is written. */
  send(mail: Mail): Promise<void>;
}

/** The part of Fastify's (pino) logger the mailer uses. */
export interface MailLog {
  info(details: object, message: string): void;
}

/** The domain of an address such as `Chassis Portal <no-reply@example.com>` (for Message-IDs). */
export const mailDomain = (from: string): string => /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';

export const outboxDir = (config: Pick<ServerConfig, 'dataDir'>): string => join(config.dataDir, 'outbox');

export function createMailer(
  config: Pick<ServerConfig, 'dataDir' | 'smtpUrl' | 'mailFrom' | 'mailTimeoutMs'>,
  log: MailLog,
): Mailer {
  const message = (mail: Mail) => ({
    from: config.mailFrom,
    to: mail.to.join(', '),
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
  });
  if (config.smtpUrl) {
    // Short timeouts: a mail server that does not answer must not hold sends (and claims) for minutes.
    const smtp = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: Math.ceil(config.mailTimeoutMs / 2),
      greetingTimeout: Math.ceil(config.mailTimeoutMs / 2),
      socketTimeout: config.mailTimeoutMs,
    });
    return {
      async send(mail) {
        const info = await smtp.sendMail(message(mail));
        log.info({ messageId: info.messageId, to: mail.to }, 'mail sent over SMTP');
      },
    };
  }
  // nodemailer's stream transport composes the message (headers encoded, dated, with a Message-ID)
  // without sending it; we keep the text.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(config);
  return {
    async send(mail) {
      const info = await composer.sendMail(message(mail));
      const path = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      // The folder is made when a write finds it missing, not before every mail.
      await writeFile(path, info.message as Buffer).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await mkdir(dir, { recursive: true });
        await writeFile(path, info.message as Buffer);
      });
      log.info({ path, to: mail.to }, 'SMTP_URL is not set: mail written to the outbox');
    },
  };
}
