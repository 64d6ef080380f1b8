/**
 * Issue 27: the key a user's browser seals their unsent booking drafts with. Drafts stay on the
 * device (SPEC §4 keeps working state in the browser), but sealed with a key only the signed-in
 * user is given: another account signing in on the same browser gets another key, so it is never
 * offered — and cannot read — someone else's draft. The key is derived from a secret kept in the
 * database (every instance derives the same), so it needs no table and survives restarts.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DraftKey } from '../../schemas/users';
import type { Database } from '../db/types';

const SECRET_NAME = 'draft-key-secret';

async function draftSecret(db: Kysely<Database>): Promise<string> {
  await db
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: randomBytes(48).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', SECRET_NAME)
    .executeTakeFirstOrThrow();
  return row.value;
}

/** The user's draft key (AES-256, base64) and the name their drafts are stored under (no user id in it). */
export async function draftKeyFor(db: Kysely<Database>, userId: number): Promise<DraftKey> {
  const secret = await draftSecret(db);
  const mac = (purpose: string) => createHmac('sha256', secret).update(`${purpose}:${userId}`).digest();
  return {
    KeyId: mac('draft-key-id').toString('hex').slice(0, 24),
    Key: mac('draft-key').toString('base64'),
  };
}
