/** The reset link leaves over real SMTP when SMTP_URL is set (a real smtp-server receiver), and works. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/until';
import { buildUser, decodeQuotedPrintable, NEW_PASSWORD, resetLinkIn } from './account-helpers';

interface Received {
  to: string[];
  data: string;
}

let server: SMTPServer;
let t: TestApp;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          data: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  t = await startTestApp('pglite', {
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    PUBLIC_URL: 'http://portal.test:8080',
  });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function mailTo(address: string): Promise<Received> {
  return eventually(() => received.find((m) => m.to.includes(address)), { what: `a mail to ${address}` });
}

it('mails the reset link over SMTP, and the link resets the password', async () => {
  const user = await buildUser(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/recoverpassword',
    payload: { UserNameOrEmail: user.userName, ReturnUrl: '/my_account/info' },
  });
  expect(res.statusCode).toBe(202);
  const mail = await mailTo(user.email);
  expect(mail.data).toMatch(/^Subject: Reset your chassis portal password/m);
  const { link, token, returnUrl } = resetLinkIn(mail.data);
  expect(link.startsWith('http://portal.test:8080/#/support/resetpassword?token=')).toBe(true);
  expect(returnUrl).toBe('/my_account/info');
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/resetpassword',
    payload: { Token: token, NewPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
  });
  expect(reset.statusCode).toBe(200);
  expect((await t.login(user.userName, NEW_PASSWORD)).statusCode).toBe(200);
  // The change is confirmed by mail too (security alerts are on by default).
  await expect
    .poll(() => received.filter((m) => m.to.includes(user.email)).length, { timeout: 10_000 })
    .toBe(2);
});
