/**
 * Issue 28 #2: a live password-reset token never reaches the server's log. The product's own
 * server (logging as `npm start` does) goes through a full reset — recover, the mail over a real
 * SMTP receiver, validate, reset, sign in with the new password — and a client that still puts
 * the token (and other secrets) in a URL; then its whole log is searched for them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import {
  killed,
  type Portal,
  type PortalDatabase,
  portalDatabases,
  startPortal,
  stopped,
} from '../helpers/portal-process';
import { freePort } from '../helpers/ports';
import { type SmtpReceiver, startSmtpReceiver } from '../helpers/smtp-receiver';
import { decodeQuotedPrintable, NEW_PASSWORD, resetLinkIn } from './account-helpers';

const post = (portal: Portal, path: string, body: unknown) =>
  fetch(`${portal.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe.each(portalDatabases)('the log of a full password reset on %s', (_name, prepare) => {
  let portal: Portal | null = null;
  let where: PortalDatabase | null = null;
  let smtp: SmtpReceiver | null = null;
  afterAll(async () => {
    if (portal) await killed(portal.child);
    await smtp?.close();
    await where?.cleanup();
  });

  it('holds neither the reset token nor any secret sent in a URL', { timeout: 300_000 }, async () => {
    where = await prepare();
    smtp = await startSmtpReceiver(await freePort());
    portal = await startPortal({ ...where.env, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });

    const recovered = await post(portal, '/api/auth/recoverpassword', { UserNameOrEmail: 'demo.ssl' });
    expect(recovered.status).toBe(202);
    const [mail] = await smtp.waitFor(1);
    const { token } = resetLinkIn(decodeQuotedPrintable(mail?.data ?? ''));

    const validated = await post(portal, '/api/auth/validateresetpassword', { Token: token });
    expect(validated.status).toBe(200);
    expect((await validated.json()).Valid).toBe(true);
    // A client that still sends it in the query (the old GET), with other secrets beside it.
    const old = await fetch(
      `${portal.origin}/api/auth/validateresetpassword?token=${token}&api_key=key-${token}&signature=sig-${token}&password=pw-${token}`,
      { headers: { authorization: `Bearer bearer-${token}`, 'x-api-key': `header-${token}` } },
    );
    expect(old.status).toBe(404);
    const reset = await post(portal, '/api/auth/resetpassword', {
      Token: token,
      NewPassword: NEW_PASSWORD,
      ConfirmPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    const signedIn = await post(portal, '/api/auth/login', {
      UserId: 'demo.ssl',
      Password: NEW_PASSWORD,
      ApplicationCode: 'BRR',
    });
    expect(signedIn.status).toBe(200);

    await stopped(portal.child);
    const log = portal.output();
    // The log is there, and it saw the calls (with the query's secrets written as [redacted]).
    expect(log).toContain('/api/auth/resetpassword');
    // Issue 29: a request's line names its route pattern, never the URL it came with.
    expect(log).toContain('"route":"/api/auth/validateresetpassword"');
    expect(log.includes(token), 'the reset token in the log').toBe(false);
    expect(log.includes(NEW_PASSWORD), 'the new password in the log').toBe(false);
  });
});
