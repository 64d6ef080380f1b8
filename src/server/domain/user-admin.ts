/**
 * Issue 27: staff with the Security application's rights deactivate, reactivate and force a
 * password reset of a user — each in one transaction with its audit entry (entity 'user'). A
 * deactivated user's next call of any kind is refused as not active (the client signs them out to
 * the account-validation page); a forced reset ends their sessions, so their next sign-in goes
 * through the reset page (the token's ResetPassword claim).
 */
import type { Kysely } from 'kysely';
import type { UserDetails } from '../../schemas/users';
import type { Database } from '../db/types';
import { AppError, notFound } from '../errors';
import { getUserDetails } from './users';
import { isInternalProvider, type Viewer } from './viewer';

const badRequest = (message: string, code: string) => new AppError(400, message, code);

async function userToChange(trx: Kysely<Database>, viewer: Viewer, userId: number) {
  const user = await trx
    .selectFrom('users')
    .select(['user_id', 'user_name', 'active', 'auth_provider', 'reset_password'])
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw notFound(`There is no user ${userId}.`);
  if (user.user_id === viewer.userId)
    throw badRequest('You cannot change your own account here: ask another member of staff.', 'OWN_ACCOUNT');
  return user;
}

const audit = (trx: Kysely<Database>, viewer: Viewer, userId: number, action: string, details: object) =>
  trx
    .insertInto('audit_log')
    .values({
      entity_type: 'user',
      entity_id: String(userId),
      action,
      changed_by: viewer.userId,
      details: JSON.stringify({ by: viewer.userName, ...details }),
    })
    .execute();

/** Deactivates (Active false) or reactivates a user; the same state again changes nothing. */
export async function setUserActive(
  db: Kysely<Database>,
  viewer: Viewer,
  userId: number,
  active: boolean,
): Promise<UserDetails> {
  await db.transaction().execute(async (trx) => {
    const user = await userToChange(trx, viewer, userId);
    if (user.active === active) return;
    await trx.updateTable('users').set({ active }).where('user_id', '=', userId).execute();
    await audit(trx, viewer, userId, active ? 'reactivated' : 'deactivated', {
      user: user.user_name,
      active: { old: user.active, new: active },
    });
  });
  return getUserDetails(db, viewer, userId);
}

/** The user must choose a new password at their next sign-in; their open sessions end now. */
export async function forcePasswordReset(
  db: Kysely<Database>,
  viewer: Viewer,
  userId: number,
): Promise<UserDetails> {
  await db.transaction().execute(async (trx) => {
    const user = await userToChange(trx, viewer, userId);
    if (isInternalProvider(user.auth_provider))
      throw badRequest(
        `${user.user_name} signs in through the directory: reset the password there.`,
        'DIRECTORY_USER',
      );
    await trx.updateTable('users').set({ reset_password: true }).where('user_id', '=', userId).execute();
    const validAfter = new Date((Math.floor(Date.now() / 1000) + 1) * 1000);
    await trx
      .insertInto('account_settings')
      .values({ user_id: userId, sessions_valid_after: validAfter })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ sessions_valid_after: validAfter }))
      .execute();
    await audit(trx, viewer, userId, 'password-reset-forced', { user: user.user_name });
  });
  return getUserDetails(db, viewer, userId);
}
