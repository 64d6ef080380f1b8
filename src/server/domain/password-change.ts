/**
 * Setting a new password (issue 5): the change on My account, the forced reset of a signed-in
 * user, and the common end of a reset by mailed link. Every path checks the password policy,
 * stores an argon2id hash, clears the forced-reset flag and any lockout, invalidates the user's
 * outstanding reset links and signs out every other session (sessions.ts) in one transaction.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferences,
  type PasswordChanged,
  passwordPolicyProblems,
} from '../../schemas/account';
import { hashPassword, verifyPassword } from '../auth/passwords';
import type { TokenService } from '../auth/tokens';
import type { ServerConfig } from '../config';
import type { Database } from '../db/types';
import { AppError, unauthorized } from '../errors';
import { type MailDispatch, queueMail } from '../mail/outbox';
import { passwordChangedMail } from './account-mail';
import { claimsFor } from './auth';
import { takeRateLimit } from './rate-limit';
import { endAllSessions } from './sessions';
import { isInternalProvider, type Viewer } from './viewer';

export interface AccountDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  config: Pick<ServerConfig, 'directory' | 'publicUrl' | 'resetLinkMinutes'>;
  /** Nudged after a commit that wrote mail. */
  mail: MailDispatch;
}

export const DIRECTORY_PASSWORD_TEXT =
  'Your password is managed by the company directory. Change it there, or ask your IT service desk.';
export const PASSWORD_MISMATCH_TEXT = 'The new password and its confirmation do not match.';
export const WRONG_CURRENT_PASSWORD_TEXT = 'Your current password is not correct.';
export const PASSWORD_ATTEMPTS_TEXT =
  'Too many password attempts. Please wait 15 minutes before trying again.';

const badRequest = (message: string, code: string) => new AppError(400, message, code);

export type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

export const findUser = (db: Kysely<Database>, userId: number) =>
  db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Whether the portal keeps this user's password (not so for staff while a directory is configured). */
export const hasLocalPassword = (config: Pick<ServerConfig, 'directory'>, authProvider: string): boolean =>
  !(config.directory && isInternalProvider(authProvider));

/** The policy, plus "different from the current one": one 400 naming every problem. */
export async function checkNewPassword(user: UserRow, newPassword: string): Promise<void> {
  const problems = passwordPolicyProblems(newPassword, user.user_name);
  if (problems.length === 0 && (await verifyPassword(user.password_hash, newPassword))) {
    problems.push('The new password must be different from your current password.');
  }
  if (problems.length > 0) throw badRequest(problems.join(' '), 'PASSWORD_POLICY');
}

/**
 * Stores the new hash and ends every session of the user, in the caller's transaction. Answers
 * the second from which tokens are valid again.
 */
export async function storeNewPassword(
  trx: Transaction<Database>,
  userId: number,
  passwordHash: string,
  how: 'changed' | 'reset',
  changedBy: number | null,
): Promise<number> {
  await trx
    .updateTable('users')
    .set({ password_hash: passwordHash, reset_password: false, locked_until: null })
    .where('user_id', '=', userId)
    .execute();
  // A new password unlocks the account from every address too (auth.ts, per-address lockout).
  await trx.deleteFrom('sign_in_failures').where('user_id', '=', userId).execute();
  // A new password makes every outstanding reset link useless.
  await trx
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  const validAfter = await endAllSessions(trx, userId);
  await trx
    .insertInto('audit_log')
    .values({
      entity_type: 'user',
      entity_id: String(userId),
      action: how === 'changed' ? 'password-changed' : 'password-reset',
      changed_by: changedBy,
      details: JSON.stringify({ sessionsValidAfter: new Date(validAfter * 1000).toISOString() }),
    })
    .execute();
  return validAfter;
}

export async function notificationPreferencesOf(
  db: Kysely<Database>,
  userId: number,
): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('account_settings')
    .select('notification_preferences')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { ...DEFAULT_NOTIFICATION_PREFERENCES, ...((row?.notification_preferences as object) ?? {}) };
}

/** The "your password was changed" alert, in the change's transaction, unless the user turned security alerts off. */
export async function queuePasswordAlert(
  trx: Transaction<Database>,
  user: UserRow,
  how: 'changed' | 'reset',
) {
  const preferences = await notificationPreferencesOf(trx, user.user_id);
  if (preferences.SecurityAlerts) await queueMail(trx, passwordChangedMail(user.email, user.first_name, how));
}

/**
 * A signed-in user sets a new password, proving the current one: My account's change password,
 * and the forced reset (token claim ResetPassword). The session that asked gets a fresh token
 * (ResetPassword false); every other session of the user is signed out.
 */
export async function changePassword(
  deps: AccountDeps,
  viewer: Viewer,
  currentPassword: string,
  newPassword: string,
  how: 'changed' | 'reset' = 'changed',
): Promise<PasswordChanged> {
  const { db, tokens, config } = deps;
  const user = await findUser(db, viewer.userId);
  if (!user) throw unauthorized();
  if (!hasLocalPassword(config, user.auth_provider))
    throw badRequest(DIRECTORY_PASSWORD_TEXT, 'DIRECTORY_PASSWORD');
  // A stolen session must not be able to guess the current password at leisure.
  await takeRateLimit(
    db,
    [{ bucket: `password-check:user:${user.user_id}`, limit: 5 }],
    15,
    PASSWORD_ATTEMPTS_TEXT,
  );
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    throw badRequest(WRONG_CURRENT_PASSWORD_TEXT, 'WRONG_CURRENT_PASSWORD');
  }
  await checkNewPassword(user, newPassword);
  const passwordHash = await hashPassword(newPassword);
  const validAfter = await db.transaction().execute(async (trx) => {
    const after = await storeNewPassword(trx, user.user_id, passwordHash, how, user.user_id);
    await queuePasswordAlert(trx, user, how);
    return after;
  });
  deps.mail.nudge();
  const { token } = await tokens.issue(await claimsFor(db, user.user_id), { issuedAt: validAfter });
  return {
    Message:
      how === 'changed'
        ? 'Your password has been changed. Your other sessions have been signed out.'
        : 'Your password has been reset. Your other sessions have been signed out.',
    token,
  };
}
