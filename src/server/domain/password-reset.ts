/**
 * Recover password and reset by mailed link (SPEC §1, §2, issue 5). The link's token is 32 random
 * bytes; only its SHA-256 is stored. A link works once, for RESET_LINK_MINUTES (60), and using it
 * (or any password change) voids the user's other links. Recover answers the same text, after
 * the same minimum time, whether or not the account exists, and is rate-limited per IP and
 * account.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import {
  type AccountMessage,
  type PasswordChanged,
  RECOVER_PASSWORD_TEXT,
  RECOVER_RATE_LIMIT_TEXT,
  type RecoverPasswordBody,
  type ResetPasswordBody,
  type ResetRequestValidity,
} from '../../schemas/account';
import { hashPassword } from '../auth/passwords';
import { tokenHash } from '../auth/tokens';
import { AppError } from '../errors';
import { queueMail } from '../mail/outbox';
import { directoryPasswordMail, resetLink, resetMail } from './account-mail';
import {
  type AccountDeps,
  changePassword,
  checkNewPassword,
  DIRECTORY_PASSWORD_TEXT,
  findUser,
  hasLocalPassword,
  PASSWORD_MISMATCH_TEXT,
  queuePasswordAlert,
  storeNewPassword,
} from './password-change';
import { takeRateLimit } from './rate-limit';
import type { Viewer } from './viewer';

/** Every recover answer takes at least this long, so a mail-sending branch cannot be timed. */
export const RECOVER_MIN_RESPONSE_MS = 250;
export const RECOVER_WINDOW_MINUTES = 15;
/** Per IP and account; per account from anywhere; per IP across accounts. */
export const RECOVER_LIMITS = { ipAccount: 3, account: 10, ip: 30 } as const;
const DEFAULT_RETURN_URL = '/app/dashboard';

export const RESET_LINK_UNKNOWN_TEXT =
  'This password reset link is not valid. Request a new one with Forgot Password?.';
export const RESET_LINK_USED_TEXT =
  'This password reset link has already been used. Request a new one with Forgot Password? if you still need it.';
export const RESET_LINK_EXPIRED_TEXT =
  'This password reset link has expired. Request a new one with Forgot Password?.';
export const RESET_LINK_VALID_TEXT = 'Choose a new password for your account.';
export const RESET_DONE_TEXT = 'Your password has been reset. Sign in with your new password.';

export async function requestPasswordReset(
  deps: AccountDeps,
  body: RecoverPasswordBody,
  ip: string,
): Promise<AccountMessage> {
  const started = Date.now();
  const { db, config } = deps;
  const asked = body.UserNameOrEmail.trim().toLowerCase();
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or([eb(sql<string>`lower(user_name)`, '=', asked), eb(sql<string>`lower(email)`, '=', asked)]),
    )
    // A user name match wins over someone else's email that happens to read the same.
    .orderBy(sql`lower(user_name) = ${asked}`, 'desc')
    .executeTakeFirst();
  // Issue 28: counted per account, not per spelling — its user name and its email share one limit.
  const account = user ? `user:${user.user_id}` : `typed:${asked}`;
  await takeRateLimit(
    db,
    [
      { bucket: `recover:ip-account:${ip}:${account}`, limit: RECOVER_LIMITS.ipAccount },
      { bucket: `recover:account:${account}`, limit: RECOVER_LIMITS.account },
      { bucket: `recover:ip:${ip}`, limit: RECOVER_LIMITS.ip },
    ],
    RECOVER_WINDOW_MINUTES,
    RECOVER_RATE_LIMIT_TEXT,
  );
  if (user?.active) {
    if (hasLocalPassword(config, user.auth_provider)) {
      const token = randomBytes(32).toString('base64url');
      const link = resetLink(config, token, body.ReturnUrl ?? DEFAULT_RETURN_URL);
      // The link and its mail commit together (issue 28): no link without its mail, and back.
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('password_reset_tokens')
          .values({
            token_hash: tokenHash(token),
            user_id: user.user_id,
            expires_at: new Date(Date.now() + config.resetLinkMinutes * 60_000),
          })
          .execute();
        await queueMail(trx, resetMail(user.email, user.first_name, link, config.resetLinkMinutes));
      });
    } else {
      await queueMail(db, directoryPasswordMail(user.email, user.first_name));
    }
    deps.mail.nudge();
  }
  const wait = RECOVER_MIN_RESPONSE_MS - (Date.now() - started);
  if (wait > 0) await sleep(wait);
  return { Message: RECOVER_PASSWORD_TEXT };
}

/** The link's row and why it cannot be used (null when it can). */
async function resetLinkState(deps: AccountDeps, token: string) {
  const row = await deps.db
    .selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.user_id', 'password_reset_tokens.user_id')
    .select([
      'password_reset_tokens.user_id',
      'password_reset_tokens.expires_at',
      'password_reset_tokens.used_at',
      'users.user_name',
      'users.active',
      'users.auth_provider',
    ])
    .where('password_reset_tokens.token_hash', '=', tokenHash(token))
    .executeTakeFirst();
  let problem: string | null = null;
  if (!row?.active) problem = RESET_LINK_UNKNOWN_TEXT;
  else if (row.used_at) problem = RESET_LINK_USED_TEXT;
  else if (row.expires_at.getTime() <= Date.now()) problem = RESET_LINK_EXPIRED_TEXT;
  else if (!hasLocalPassword(deps.config, row.auth_provider)) problem = DIRECTORY_PASSWORD_TEXT;
  return { row, problem };
}

export async function validateResetRequest(deps: AccountDeps, token: string): Promise<ResetRequestValidity> {
  const { row, problem } = await resetLinkState(deps, token);
  if (problem || !row)
    return { Valid: false, Message: problem ?? RESET_LINK_UNKNOWN_TEXT, UserName: null, ExpiresAt: null };
  return {
    Valid: true,
    Message: RESET_LINK_VALID_TEXT,
    UserName: row.user_name,
    ExpiresAt: row.expires_at.toISOString(),
  };
}

/**
 * POST resetpassword: with a mailed link's Token (anyone), or signed in without one (the forced
 * reset; the current password is required).
 */
export async function resetPassword(
  deps: AccountDeps,
  viewer: Viewer | null,
  body: ResetPasswordBody,
): Promise<PasswordChanged> {
  if (body.NewPassword !== body.ConfirmPassword)
    throw new AppError(400, PASSWORD_MISMATCH_TEXT, 'PASSWORD_MISMATCH');
  if (body.Token === undefined) {
    if (!viewer) {
      throw new AppError(
        401,
        'Open the reset link from your email, or sign in to reset your password.',
        'UNAUTHORIZED',
      );
    }
    if (body.CurrentPassword === undefined) {
      throw new AppError(
        400,
        'CurrentPassword is required to reset your password without a reset link.',
        'VALIDATION',
      );
    }
    return changePassword(deps, viewer, body.CurrentPassword, body.NewPassword, 'reset');
  }
  const { row, problem } = await resetLinkState(deps, body.Token);
  if (problem || !row) throw new AppError(400, problem ?? RESET_LINK_UNKNOWN_TEXT, 'RESET_LINK_INVALID');
  const user = await findUser(deps.db, row.user_id);
  if (!user) throw new AppError(400, RESET_LINK_UNKNOWN_TEXT, 'RESET_LINK_INVALID');
  await checkNewPassword(user, body.NewPassword);
  const passwordHash = await hashPassword(body.NewPassword);
  await deps.db.transaction().execute(async (trx) => {
    // Claimed atomically: of two uses racing, one wins and the other is told the link was used.
    const claimed = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: new Date() })
      .where('token_hash', '=', tokenHash(body.Token as string))
      .where('used_at', 'is', null)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) throw new AppError(400, RESET_LINK_USED_TEXT, 'RESET_LINK_INVALID');
    await storeNewPassword(trx, user.user_id, passwordHash, 'reset', null);
    await queuePasswordAlert(trx, user, 'reset');
  });
  deps.mail.nudge();
  return { Message: RESET_DONE_TEXT, token: null };
}
