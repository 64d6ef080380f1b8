/**
 * Sign-in, token refresh, account status and sign-out (SPEC §7 Authentication, §8 login failures).
 * A failed password counts towards a lockout; the lockout message carries its minutes between
 * '!*' markers, which the login page reads.
 */
import { type Kysely, sql } from 'kysely';
import { ACCOUNT_NOT_ACTIVE_TEXT, INVALID_LOGIN_TEXT, lockoutServerMessage } from '../../domain/messages';
import { maySeeUser } from '../../domain/policies';
import type { AccountStatus } from '../../schemas/auth';
import type { Directory } from '../auth/directory';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { type IssuedClaims, revocationKeysOf, sessionIdOf, type TokenService } from '../auth/tokens';
import type { Database } from '../db/types';
import { AppError, accountNotActive, forbidden } from '../errors';
import { userPermissions } from './grants';
import { issueSessionToken } from './sessions';
import { isInternalProvider, type Viewer } from './viewer';

export interface LockoutPolicy {
  attempts: number;
  minutes: number;
}

export const NOT_ACTIVE_TEXT = ACCOUNT_NOT_ACTIVE_TEXT;

const invalidLogin = () => new AppError(401, `${INVALID_LOGIN_TEXT}. Please try again.`, 'INVALID_LOGIN');
const locked = (minutes: number) => new AppError(401, lockoutServerMessage(minutes), 'ACCOUNT_LOCKED');

/** Verifying against a throwaway hash keeps unknown user names as slow as wrong passwords. */
let decoyHash: Promise<string> | null = null;
const decoy = () => {
  decoyHash ??= hashPassword('decoy password for timing');
  return decoyHash;
};

const findUserByName = (db: Kysely<Database>, userName: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(user_name)`, '=', userName.trim().toLowerCase())
    .executeTakeFirst();

/**
 * Issue 11, lockout without the weapon, and issue 28 #3 (docs/decisions.md "Sign-in abuse"):
 * failed sign-ins of an account are counted per address in a sliding window of the policy's
 * minutes. The policy's attempts from one address lock the account for that address (SPEC §8's
 * text and minutes), so a stranger cannot lock the owner out from the owner's own address. The
 * account locks everywhere when its failures in the window reach GLOBAL_LOCK_FACTOR × attempts,
 * counting at most `attempts` from any one address: it takes GLOBAL_LOCK_FACTOR addresses, and
 * one address, however patient, never gets there. One address gets at most
 * SIGN_IN_FAILURES_PER_MINUTE failed sign-ins a minute, whatever accounts it tries.
 */
export const GLOBAL_LOCK_FACTOR = 4;
export const SIGN_IN_FAILURES_PER_MINUTE = 20;
export const SIGN_IN_THROTTLED_TEXT =
  'Too many failed sign-ins from your address. Wait a minute, then try again.';

const failuresFrom = (ip: string) => `login-fail:ip:${ip}`;

/** The account's failures in the window: when the lock for `ip` ends (null: none), and the weight everywhere. */
async function failuresOf(
  db: Kysely<Database>,
  userId: number,
  ip: string,
  policy: LockoutPolicy,
): Promise<{ lockedHereUntil: number | null; everywhere: number }> {
  const rows = await db
    .selectFrom('sign_in_failures')
    .select(['address', 'failed_at'])
    .where('user_id', '=', userId)
    .where('failed_at', '>', new Date(Date.now() - policy.minutes * 60_000))
    .orderBy('failed_at', 'desc')
    .execute();
  const here = rows.filter((r) => r.address === ip);
  const perAddress = new Map<string, number>();
  for (const r of rows) perAddress.set(r.address, (perAddress.get(r.address) ?? 0) + 1);
  const everywhere = [...perAddress.values()].reduce((sum, n) => sum + Math.min(n, policy.attempts), 0);
  // Locked here until the oldest of the newest `attempts` failures leaves the window.
  const oldest = here[policy.attempts - 1];
  return {
    lockedHereUntil: oldest ? new Date(oldest.failed_at).getTime() + policy.minutes * 60_000 : null,
    everywhere,
  };
}

export async function signIn(
  db: Kysely<Database>,
  tokens: TokenService,
  policy: LockoutPolicy,
  credentials: { UserId: string; Password: string },
  /** The company directory; when given, internal (Directory) users are checked there, not locally. */
  directory: Directory | null = null,
  /** The caller's address: failures are counted, and accounts locked, per address. */
  ip = 'unknown',
): Promise<{ token: string }> {
  const throttled = await db
    .selectFrom('rate_limit_events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bucket', '=', failuresFrom(ip))
    .where('occurred_at', '>', new Date(Date.now() - 60_000))
    .executeTakeFirstOrThrow();
  if (Number(throttled.n) >= SIGN_IN_FAILURES_PER_MINUTE)
    throw new AppError(429, SIGN_IN_THROTTLED_TEXT, 'RATE_LIMITED');
  const failed = () =>
    db
      .insertInto('rate_limit_events')
      .values({ bucket: failuresFrom(ip) })
      .execute();
  const user = await findUserByName(db, credentials.UserId);
  if (!user) {
    await verifyPassword(await decoy(), credentials.Password);
    await failed();
    throw invalidLogin();
  }
  const now = Date.now();
  const before = await failuresOf(db, user.user_id, ip, policy);
  const until = Math.max(user.locked_until?.getTime() ?? 0, before.lockedHereUntil ?? 0);
  if (until > now) throw locked(Math.ceil((until - now) / 60_000));
  const passwordOk =
    directory && isInternalProvider(user.auth_provider)
      ? await directory.verify(user.user_name, credentials.Password)
      : // A user without a local password costs a hash like everyone (issue 11: no timing tell).
        await verifyPassword(user.password_hash ?? (await decoy()), credentials.Password).then(
          (ok) => ok && user.password_hash !== null,
        );
  if (!passwordOk) {
    await failed();
    // Recorded first, then counted, so parallel guesses cannot slip past the limits.
    await db.insertInto('sign_in_failures').values({ user_id: user.user_id, address: ip }).execute();
    await db
      .deleteFrom('sign_in_failures')
      .where('user_id', '=', user.user_id)
      .where('failed_at', '<', new Date(now - policy.minutes * 60_000))
      .execute();
    const after = await failuresOf(db, user.user_id, ip, policy);
    const everywhere = after.everywhere >= policy.attempts * GLOBAL_LOCK_FACTOR;
    if (!everywhere && after.lockedHereUntil === null) throw invalidLogin();
    await db.transaction().execute(async (trx) => {
      if (everywhere)
        await trx
          .updateTable('users')
          .set({ locked_until: new Date(now + policy.minutes * 60_000) })
          .where('user_id', '=', user.user_id)
          .execute();
      await trx
        .insertInto('audit_log')
        .values({
          entity_type: 'user',
          entity_id: String(user.user_id),
          action: 'locked',
          changed_by: null,
          details: JSON.stringify({
            minutes: policy.minutes,
            scope: everywhere ? 'everywhere' : 'address',
            ip,
          }),
        })
        .execute();
    });
    throw locked(policy.minutes);
  }
  if (!user.active) throw accountNotActive();
  await db
    .updateTable('users')
    .set({ locked_until: null, last_login_at: new Date(now) })
    .where('user_id', '=', user.user_id)
    .execute();
  // The owner's own mistakes are forgiven; other addresses' failures stay in their window.
  await db
    .deleteFrom('sign_in_failures')
    .where('user_id', '=', user.user_id)
    .where('address', '=', ip)
    .execute();
  const { token } = await issueSessionToken(db, tokens, await claimsFor(db, user.user_id));
  return { token };
}

/** The SPEC §3 claims of a user as the database says now (exp is added by the token service). */
export async function claimsFor(db: Kysely<Database>, userId: number): Promise<IssuedClaims> {
  const user = await db
    .selectFrom('users')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const permissions = await userPermissions(db, userId);
  const rank = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.role_id', 'user_roles.role_id')
    .select((eb) => eb.fn.min('roles.role_rank').as('rank'))
    .where('user_roles.user_id', '=', userId)
    .executeTakeFirst();
  return {
    UserId: user.user_id,
    UserFullName: `${user.first_name} ${user.last_name}`,
    sub: user.user_name,
    ModuleIdOwned: user.module_id_owned,
    RoleRank: Number(rank?.rank ?? 0),
    AuthProvider: user.auth_provider,
    ResetPassword: user.reset_password,
    ...permissions,
  };
}

/** A fresh token for a signed-in user, re-reading status and permissions (SPEC §4 Session). */
/** A fresh token of the same session (its sid kept: signing out ends it with the others). */
export async function refreshToken(db: Kysely<Database>, tokens: TokenService, viewer: Viewer) {
  if ((await accountStatus(db, viewer.userId)) !== 'Active') throw accountNotActive();
  return issueSessionToken(db, tokens, await claimsFor(db, viewer.userId), sessionIdOf(viewer.token));
}

/**
 * The status a caller asks for: their own (by numeric UserId or user name), or anyone's for staff.
 * A customer asking about someone else is refused rather than told.
 */
export async function accountStatusFor(
  db: Kysely<Database>,
  viewer: Viewer,
  asked: string,
): Promise<AccountStatus> {
  // A numeric UserId claim is an id only within the database's integer range; beyond it, a name.
  const key = /^\d{1,9}$/.test(asked.trim()) ? Number(asked.trim()) : asked.trim();
  const self =
    key === viewer.userId || (typeof key === 'string' && key.toLowerCase() === viewer.userName.toLowerCase());
  if (!maySeeUser(viewer, self)) throw forbidden('You may only ask for the status of your own account.');
  return accountStatus(db, key);
}

/** 'NotActive' for a deactivated user or one that does not exist. */
export async function accountStatus(db: Kysely<Database>, user: number | string): Promise<AccountStatus> {
  const row =
    typeof user === 'number'
      ? await db.selectFrom('users').select('active').where('user_id', '=', user).executeTakeFirst()
      : await db
          .selectFrom('users')
          .select('active')
          .where(sql<string>`lower(user_name)`, '=', user.trim().toLowerCase())
          .executeTakeFirst();
  return row?.active ? 'Active' : 'NotActive';
}

/**
 * Signs the token's session out (issue 11): the token itself, and every token of its session —
 * earlier ones still unexpired, and any a refresh would bring — for as long as one could live.
 */
export async function signOut(
  db: Kysely<Database>,
  token: string,
  exp: number,
  lifetimeMinutes: number,
): Promise<void> {
  const sessionUntil = new Date(Date.now() + lifetimeMinutes * 60_000);
  const [own, session] = revocationKeysOf(token);
  await db
    .insertInto('revoked_tokens')
    .values([
      { token_hash: own as string, expires_at: new Date(exp * 1000) },
      ...(session ? [{ token_hash: session, expires_at: sessionUntil }] : []),
    ])
    .onConflict((oc) => oc.column('token_hash').doNothing())
    .execute();
  // Keep the table small: expired tokens are refused by their signature anyway.
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', new Date()).execute();
}
