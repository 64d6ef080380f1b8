import type { Kysely } from 'kysely';
import { maySeeUser } from '../../domain/policies';
import type { UserDetails } from '../../schemas/users';
import type { Database } from '../db/types';
import { notFound } from '../errors';
import { isInternalProvider, type Viewer } from './viewer';

/**
 * A user's details. External users see only themselves; staff see anyone. Another user's id
 * answers 404 to an external caller, so ids cannot be probed.
 */
export async function getUserDetails(
  db: Kysely<Database>,
  viewer: Viewer,
  userId: number,
): Promise<UserDetails> {
  if (!maySeeUser(viewer, viewer.userId === userId)) throw notFound('User not found.');
  const row = await db
    .selectFrom('users')
    .leftJoin('customers', 'customers.customer_id', 'users.customer_id')
    .select([
      'users.user_id',
      'users.user_name',
      'users.first_name',
      'users.last_name',
      'users.email',
      'users.phone',
      'users.auth_provider',
      'users.active',
      'users.customer_id',
      'customers.customer_name',
      'customers.scac',
      'customers.customer_class',
      'customers.good_standing',
    ])
    .where('users.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('User not found.');
  const isInternal = isInternalProvider(row.auth_provider);
  return {
    UserId: row.user_id,
    UserName: row.user_name,
    FirstName: row.first_name,
    LastName: row.last_name,
    UserFullName: `${row.first_name} ${row.last_name}`,
    Email: row.email,
    Phone: row.phone,
    AuthProvider: row.auth_provider,
    IsInternal: isInternal,
    Active: row.active,
    CustomerId: row.customer_id,
    CustomerName: row.customer_name,
    SCAC: row.scac,
    CustomerClass: row.customer_class,
    // Staff book for customers; their own standing is not a customer's standing.
    GoodStanding: isInternal ? true : (row.good_standing ?? false),
  };
}
