/**
 * Mail of the account lifecycle: reset links, sign-up receipts, password-change alerts. Each is a
 * row of the mail outbox written with the change it tells about (issue 28) and sent by the outbox,
 * so an answer never waits on (or reveals anything through) the mail server: recover password
 * answers alike whether or not a mail goes out.
 */
import { RESET_PASSWORD_ROUTE } from '../../schemas/account';
import type { ServerConfig } from '../config';
import type { Mail } from '../mail/mailer';

/** The link of a reset mail: the SPA's reset page with the token and where to go afterwards. */
export function resetLink(config: Pick<ServerConfig, 'publicUrl'>, token: string, returnUrl: string): string {
  return `${config.publicUrl}/#${RESET_PASSWORD_ROUTE}?token=${encodeURIComponent(token)}&returnUrl=${encodeURIComponent(returnUrl)}`;
}

export const resetMail = (to: string, firstName: string, link: string, minutes: number): Mail => ({
  to: [to],
  subject: 'Reset your chassis portal password',
  text: [
    `Hello ${firstName},`,
    '',
    'We received a request to reset the password of your chassis portal account.',
    `To choose a new password, open this link within ${minutes} minutes (it works once):`,
    '',
    link,
    '',
    'If you did not ask for this, ignore this mail: your password stays as it is.',
  ].join('\n'),
});

export const directoryPasswordMail = (to: string, firstName: string): Mail => ({
  to: [to],
  subject: 'Your chassis portal password',
  text: [
    `Hello ${firstName},`,
    '',
    'We received a request to reset the password of your chassis portal account.',
    'You sign in with your company directory account, so the portal cannot reset it.',
    'Change it the way your company changes directory passwords, or ask your IT service desk.',
  ].join('\n'),
});

export const passwordChangedMail = (to: string, firstName: string, how: 'changed' | 'reset'): Mail => ({
  to: [to],
  subject: 'Your chassis portal password was changed',
  text: [
    `Hello ${firstName},`,
    '',
    `The password of your chassis portal account was ${how} on ${new Date().toUTCString()}.`,
    'Every other session of your account has been signed out.',
    'If you did not do this, reset your password with Forgot Password? and contact customer support.',
  ].join('\n'),
});

export const signUpReceivedMail = (to: string, firstName: string, userName: string): Mail => ({
  to: [to],
  subject: 'Your chassis portal access request',
  text: [
    `Hello ${firstName},`,
    '',
    `Thank you for registering as ${userName}. Your request for access has been approved and your`,
    'account setup is in process. You will receive an email when your account is ready.',
  ].join('\n'),
});
