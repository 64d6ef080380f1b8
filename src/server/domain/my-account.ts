/** My account (SPEC §1, §2 /my_account/info): view and update name, email, phone, notification preferences. */
import { type Kysely, sql } from 'kysely';
import {
  INVALID_EMAIL_TEXT,
  isValidEmail,
  type MyAccount,
  type UpdateAccountBody,
} from '../../schemas/account';
import type { ServerConfig } from '../config';
import type { Database } from '../db/types';
import { AppError, unauthorized } from '../errors';
import { hasLocalPassword, notificationPreferencesOf } from './password-change';
import { isInternalProvider, type Viewer } from './viewer';

export const EMAIL_IN_USE_TEXT =
  'This email address is already used by another account. Use a different one.';

export async function getMyAccount(
  db: Kysely<Database>,
  config: Pick<ServerConfig, 'directory'>,
  viewer: Pick<Viewer, 'userId'>,
): Promise<MyAccount> {
  const row = await db
    .selectFrom('users')
    .leftJoin('customers', 'customers.customer_id', 'users.customer_id')
    .leftJoin('account_settings', 'account_settings.user_id', 'users.user_id')
    .select([
      'users.user_id',
      'users.user_name',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.phone',
      'users.auth_provider',
      'customers.customer_name',
      'customers.scac',
      'account_settings.password_changed_at',
    ])
    .where('users.user_id', '=', viewer.userId)
    .executeTakeFirst();
  if (!row) throw unauthorized();
  return {
    UserId: row.user_id,
    UserName: row.user_name,
    FirstName: row.first_name,
    LastName: row.last_name,
    Email: row.email,
    Phone: row.phone,
    AuthProvider: row.auth_provider,
    IsInternal: isInternalProvider(row.auth_provider),
    CompanyName: row.customer_name,
    SCAC: row.scac,
    NotificationPreferences: await notificationPreferencesOf(db, row.user_id),
    CanChangePassword: hasLocalPassword(config, row.auth_provider),
    PasswordChangedAt: row.password_changed_at ? row.password_changed_at.toISOString() : null,
  };
}

export async function updateMyAccount(
  db: Kysely<Database>,
  config: Pick<ServerConfig, 'directory'>,
  viewer: Viewer,
  body: UpdateAccountBody,
): Promise<MyAccount> {
  const firstName = body.FirstName.trim();
  const lastName = body.LastName.trim();
  const email = body.Email.trim();
  const phone = body.Phone?.trim() || null;
  const problems: string[] = [];
  if (!firstName) problems.push('FirstName must not be blank');
  if (!lastName) problems.push('LastName must not be blank');
  if (!isValidEmail(email)) problems.push(`Email: ${INVALID_EMAIL_TEXT}`);
  if (problems.length > 0) throw new AppError(400, `${problems.join('; ')}.`, 'VALIDATION');
  const other = await db
    .selectFrom('users')
    .select('user_id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('user_id', '<>', viewer.userId)
    .executeTakeFirst();
  if (other) throw new AppError(409, EMAIL_IN_USE_TEXT, 'EMAIL_TAKEN');
  try {
    await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('users')
        .select(['first_name', 'last_name', 'email', 'phone'])
        .where('user_id', '=', viewer.userId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ first_name: firstName, last_name: lastName, email, phone })
        .where('user_id', '=', viewer.userId)
        .execute();
      const preferences = JSON.stringify(body.NotificationPreferences);
      await trx
        .insertInto('account_settings')
        .values({ user_id: viewer.userId, notification_preferences: preferences })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ notification_preferences: preferences }))
        .execute();
      await trx
        .insertInto('audit_log')
        .values({
          entity_type: 'user',
          entity_id: String(viewer.userId),
          action: 'account-updated',
          changed_by: viewer.userId,
          details: JSON.stringify({
            before,
            after: { first_name: firstName, last_name: lastName, email, phone },
            notificationPreferences: body.NotificationPreferences,
          }),
        })
        .execute();
    });
  } catch (e) {
    // Someone took the address between the check and the update: the unique index decides.
    if ((e as { code?: string })?.code === '23505') throw new AppError(409, EMAIL_IN_USE_TEXT, 'EMAIL_TAKEN');
    throw e;
  }
  return getMyAccount(db, config, viewer);
}
