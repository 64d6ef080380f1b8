/**
 * Sign-up ("Register as a New User", SPEC §1, §2, §8): a request for access that staff can see.
 * A user name or email already used by an account, or already waiting in an open request, is a
 * 409 saying which. Answering so tells whether a name is taken; that is what a sign-up form must
 * say, and sign-ups are rate-limited per IP.
 */
import { type Kysely, sql } from 'kysely';
import { INVALID_EMAIL_TEXT, isValidEmail } from '../../schemas/account';
import {
  type AccessRequest,
  NEW_USER_NAME_PATTERN,
  type RequestedAccessArea,
  SIGN_UP_SUCCESS_TEXT,
  type SignUpBody,
  type UserNameAvailability,
} from '../../schemas/sign-up';
import type { Database } from '../db/types';
import { AppError } from '../errors';
import { type MailDispatch, queueMail } from '../mail/outbox';
import { signUpReceivedMail } from './account-mail';
import { takeRateLimit } from './rate-limit';

export const SIGN_UP_RATE_LIMIT_TEXT =
  'Too many sign-up requests from your network. Please wait an hour before trying again, or contact customer support.';

const conflict = (message: string, code: string) => new AppError(409, message, code);
const userNameTaken = (name: string) =>
  conflict(`The user name '${name}' is already taken. Choose another user name.`, 'USER_NAME_TAKEN');
const userNameRequested = (name: string) =>
  conflict(
    `A request for access with the user name '${name}' is already waiting for approval. Choose another user name, or wait for the email about that request.`,
    'USER_NAME_REQUESTED',
  );
const emailTaken = () =>
  conflict(
    'An account with this email address already exists. Sign in, or use Forgot Password? to recover it.',
    'EMAIL_TAKEN',
  );
const emailRequested = () =>
  conflict(
    'A request for access with this email address is already waiting for approval. You will receive an email when the account is ready.',
    'EMAIL_REQUESTED',
  );

async function userNameProblem(db: Kysely<Database>, userName: string): Promise<AppError | null> {
  const name = userName.toLowerCase();
  const user = await db
    .selectFrom('users')
    .select('user_id')
    .where(sql<string>`lower(user_name)`, '=', name)
    .executeTakeFirst();
  if (user) return userNameTaken(userName);
  const pending = await db
    .selectFrom('access_requests')
    .select('access_request_id')
    .where(sql<string>`lower(user_name)`, '=', name)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
  return pending ? userNameRequested(userName) : null;
}

async function emailProblem(db: Kysely<Database>, email: string): Promise<AppError | null> {
  const address = email.toLowerCase();
  const user = await db
    .selectFrom('users')
    .select('user_id')
    .where(sql<string>`lower(email)`, '=', address)
    .executeTakeFirst();
  if (user) return emailTaken();
  const pending = await db
    .selectFrom('access_requests')
    .select('access_request_id')
    .where(sql<string>`lower(email)`, '=', address)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
  return pending ? emailRequested() : null;
}

/** Blank-after-trim text is as missing as an absent field. */
function required(value: string, field: string): string {
  const trimmed = value.trim();
  if (!trimmed) throw new AppError(400, `${field} must not be blank.`, 'VALIDATION');
  return trimmed;
}

export async function signUp(
  db: Kysely<Database>,
  mail: MailDispatch,
  body: SignUpBody,
  ip: string,
): Promise<{ Message: string }> {
  const request = {
    company_name: required(body.CompanyName, 'CompanyName'),
    scac: body.SCAC.toUpperCase(),
    first_name: required(body.FirstName, 'FirstName'),
    last_name: required(body.LastName, 'LastName'),
    user_name: body.UserName,
    email: body.Email.trim(),
    phone: body.Phone.trim(),
    requested_access: JSON.stringify(body.RequestedAccess),
    requested_from: ip,
  };
  if (!isValidEmail(request.email)) throw new AppError(400, `Email: ${INVALID_EMAIL_TEXT}.`, 'INVALID_EMAIL');
  // Counted before the taken checks (issue 11): EMAIL_TAKEN must not answer an unlimited prober.
  await takeRateLimit(db, [{ bucket: `signup:ip:${ip}`, limit: 10 }], 60, SIGN_UP_RATE_LIMIT_TEXT);
  const problem = (await userNameProblem(db, request.user_name)) ?? (await emailProblem(db, request.email));
  if (problem) throw problem;
  try {
    // The receipt commits with the request (issue 28).
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('access_requests').values(request).execute();
      await queueMail(trx, signUpReceivedMail(request.email, request.first_name, request.user_name));
    });
  } catch (e) {
    // Two sign-ups racing past the checks: the partial unique indexes decide, with the same message.
    const err = e as { code?: string; constraint?: string; message?: string };
    if (err?.code === '23505') {
      const which = `${err.constraint ?? ''} ${err.message ?? ''}`;
      throw which.includes('email') ? emailRequested() : userNameRequested(request.user_name);
    }
    throw e;
  }
  mail.nudge();
  return { Message: SIGN_UP_SUCCESS_TEXT };
}

/** GET usernames: whether a user name can be chosen at sign-up. */
export async function userNameAvailability(
  db: Kysely<Database>,
  userName: string,
): Promise<UserNameAvailability> {
  const name = userName.trim();
  if (!new RegExp(NEW_USER_NAME_PATTERN).test(name)) {
    return {
      UserName: name,
      Available: false,
      Message:
        'A user name has 3 to 50 characters: letters, digits and . _ - @, starting with a letter or digit.',
    };
  }
  const problem = await userNameProblem(db, name);
  return problem
    ? { UserName: name, Available: false, Message: problem.message }
    : { UserName: name, Available: true, Message: `The user name '${name}' is available.` };
}

/** Internal staff see the sign-ups, newest first (at most the latest 500). */
export async function listAccessRequests(db: Kysely<Database>): Promise<AccessRequest[]> {
  const rows = await db
    .selectFrom('access_requests')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('access_request_id', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    AccessRequestId: r.access_request_id,
    CompanyName: r.company_name,
    SCAC: r.scac,
    FirstName: r.first_name,
    LastName: r.last_name,
    UserName: r.user_name,
    Email: r.email,
    Phone: r.phone,
    RequestedAccess: (typeof r.requested_access === 'string'
      ? JSON.parse(r.requested_access)
      : r.requested_access) as RequestedAccessArea[],
    Status: r.status,
    RequestedAt: r.created_at.toISOString(),
  }));
}
