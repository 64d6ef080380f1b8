/**
 * Issue 18: a company's API keys (docs/integrations.md "API keys"). A key is made by someone who
 * manages the company's integrations (its administrator, or staff for any company), shown once,
 * and kept only as its SHA-256; it holds some of the abilities book, read and cancel
 * (domain/policies.ts) until it expires or is revoked. Who may manage which company's keys is
 * `mayActFor` of the policies; the route asks `integrationsManage` first.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { type ApiKeyAbility, GATE_KEY_ABILITY, mayActFor, seesEveryCustomer } from '../../domain/policies';
import type { ApiKeyCreate, ApiKeyView, CreatedApiKey } from '../../schemas/api-keys';
import type { Database } from '../db/types';
import { AppError, notFound } from '../errors';
import type { Viewer } from './viewer';

/** docs/decisions.md "API keys (issue 18)": a key lives at most two years; then a new one. */
export const API_KEY_MAX_DAYS = 731;
const KEY_PREFIX = 'brr_';

/** SHA-256 hex of a whole key: what is stored and looked up. */
export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** A new key `brr_<8 hex>_<43 base64url>`; the first part is kept to tell keys apart in lists. */
function newKey(): { key: string; prefix: string } {
  const prefix = `${KEY_PREFIX}${randomBytes(4).toString('hex')}`;
  return { key: `${prefix}_${randomBytes(32).toString('base64url')}`, prefix };
}

const badRequest = (message: string) => new AppError(400, message, 'INVALID_API_KEY_REQUEST');

/**
 * The company the caller manages keys of: a customer's administrator their own (a CustomerId of
 * another company is a 404, as for any record that is not theirs); staff must name one.
 */
async function companyOf(db: Kysely<Database>, viewer: Viewer, customerId: number | undefined) {
  const id = customerId ?? viewer.customerId;
  if (id == null) throw badRequest('Choose the company (CustomerId) the API key is for.');
  if (!mayActFor(viewer, id)) throw notFound('No such company.');
  const company = await db
    .selectFrom('customers')
    .select(['customer_id', 'active'])
    .where('customer_id', '=', id)
    .executeTakeFirst();
  if (!company) throw notFound('No such company.');
  return company;
}

type KeyRow = Pick<
  Database['api_keys'],
  'name' | 'key_prefix' | 'abilities' | 'expires_at' | 'revoked_at' | 'last_used_at' | 'customer_id'
> & { location_ids: number[] | null; api_key_id: number; created_at: Date; created_by_name: string | null };

/** What a list shows of a key: never its hash. */
function present(row: KeyRow, now = Date.now()): ApiKeyView {
  const status = row.revoked_at ? 'Revoked' : row.expires_at.getTime() <= now ? 'Expired' : 'Active';
  return {
    ApiKeyId: row.api_key_id,
    CustomerId: row.customer_id,
    Name: row.name,
    Prefix: row.key_prefix,
    Abilities: row.abilities as ApiKeyAbility[],
    LocationIds: row.location_ids,
    CreatedBy: row.created_by_name,
    CreatedAt: row.created_at.toISOString(),
    ExpiresAt: row.expires_at.toISOString(),
    LastUsedAt: row.last_used_at?.toISOString() ?? null,
    RevokedAt: row.revoked_at?.toISOString() ?? null,
    Status: status,
  };
}

const listQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('api_keys')
    .leftJoin('users', 'users.user_id', 'api_keys.created_by')
    .select([
      'api_keys.api_key_id',
      'api_keys.customer_id',
      'api_keys.name',
      'api_keys.key_prefix',
      'api_keys.abilities',
      'api_keys.created_at',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'api_keys.location_ids',
      'users.user_name as created_by_name',
    ]);

/** The expiry a request asks for, checked: in the future, at most API_KEY_MAX_DAYS away. */
function expiryOf(text: string, now: number): Date {
  // A date alone means the end of that day (UTC): "expires on 2027-01-31" keeps working that day.
  const at = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T23:59:59.999Z` : text);
  if (Number.isNaN(at.getTime())) throw badRequest('ExpiresAt: send a date such as 2027-01-31.');
  if (at.getTime() <= now) throw badRequest('ExpiresAt: the expiry must be in the future.');
  if (at.getTime() > now + API_KEY_MAX_DAYS * 86_400_000)
    throw badRequest('ExpiresAt: a key can live at most two years; choose an earlier date.');
  return at;
}

/**
 * Issue 31: a gate key is staff's to make, holds the gate ability alone and names the locations
 * whose gate events it sends (all active); no other key names locations. Null for a company's key.
 */
async function gateLocationsOf(
  db: Kysely<Database>,
  viewer: Viewer,
  abilities: readonly ApiKeyAbility[],
  locationIds: readonly number[] | undefined,
): Promise<number[] | null> {
  if (!abilities.includes(GATE_KEY_ABILITY)) {
    if (locationIds?.length)
      throw badRequest('LocationIds: only a gate key names locations; leave them out for this key.');
    return null;
  }
  if (!seesEveryCustomer(viewer))
    throw new AppError(403, 'Only internal staff can make a gate key for a location operator.', 'FORBIDDEN');
  if (abilities.length > 1)
    throw badRequest(
      'Abilities: a gate key sends gate events only; make a separate key for book, read or cancel.',
    );
  const wanted = [...new Set(locationIds ?? [])];
  if (wanted.length === 0)
    throw badRequest('LocationIds: name the locations whose gate events the key sends.');
  const found = await db
    .selectFrom('locations')
    .select('location_id')
    .where('location_id', 'in', wanted)
    .where('active', '=', true)
    .execute();
  const known = new Set(found.map((l) => l.location_id));
  const unknown = wanted.filter((id) => !known.has(id));
  if (unknown.length > 0) throw badRequest(`LocationIds: no active location ${unknown.join(', ')}.`);
  return wanted.sort((a, b) => a - b);
}

/** Makes a key; the answer is the only time the whole key is shown. */
export async function createApiKey(
  db: Kysely<Database>,
  viewer: Viewer,
  body: ApiKeyCreate,
  now = Date.now(),
): Promise<CreatedApiKey> {
  const name = body.Name.trim();
  if (!name) throw badRequest('Name: give the key a name that says which system uses it.');
  const abilities = [...new Set(body.Abilities)] as ApiKeyAbility[];
  if (abilities.length === 0) throw badRequest('Abilities: choose at least one of book, read and cancel.');
  const expiresAt = expiryOf(body.ExpiresAt, now);
  const locationIds = await gateLocationsOf(db, viewer, abilities, body.LocationIds);
  const company = await companyOf(db, viewer, body.CustomerId);
  if (!company.active) throw badRequest('This company is not active: it cannot have new API keys.');
  const clash = await db
    .selectFrom('api_keys')
    .select('api_key_id')
    .where('customer_id', '=', company.customer_id)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date(now))
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  if (clash)
    throw new AppError(
      409,
      `The company already has a working key named "${name}". Choose another name, or revoke that key first.`,
      'API_KEY_NAME_TAKEN',
    );
  const { key, prefix } = newKey();
  const inserted = await db
    .insertInto('api_keys')
    .values({
      customer_id: company.customer_id,
      name,
      key_prefix: prefix,
      key_hash: hashApiKey(key),
      abilities,
      created_by: viewer.userId,
      expires_at: expiresAt,
      location_ids: locationIds,
    })
    .returning('api_key_id')
    .executeTakeFirstOrThrow();
  const row = await listQuery(db)
    .where('api_keys.api_key_id', '=', inserted.api_key_id)
    .executeTakeFirstOrThrow();
  return { ...present(row, now), Key: key };
}

/** A company's keys, newest first: staff pass the company, everyone else sees their own. */
export async function listApiKeys(
  db: Kysely<Database>,
  viewer: Viewer,
  customerId: number | undefined,
): Promise<ApiKeyView[]> {
  const company = await companyOf(db, viewer, customerId);
  const rows = await listQuery(db)
    .where('api_keys.customer_id', '=', company.customer_id)
    .orderBy('api_keys.created_at', 'desc')
    .orderBy('api_keys.api_key_id', 'desc')
    .execute();
  return rows.map((r) => present(r));
}

/**
 * Revokes a key: refused from the next call on, on every instance (migration 0019 announces it).
 * Revoking a revoked key answers it as it is (a retried click is not an error).
 */
export async function revokeApiKey(
  db: Kysely<Database>,
  viewer: Viewer,
  apiKeyId: number,
): Promise<ApiKeyView> {
  const key = await db
    .selectFrom('api_keys')
    .select(['customer_id', 'revoked_at'])
    .where('api_key_id', '=', apiKeyId)
    .executeTakeFirst();
  // Another company's key is "not found", so key ids do not leak.
  if (!key || !mayActFor(viewer, key.customer_id)) throw notFound('No such API key.');
  if (!key.revoked_at)
    await db
      .updateTable('api_keys')
      .set({ revoked_at: new Date(), revoked_by: viewer.userId })
      .where('api_key_id', '=', apiKeyId)
      .where('revoked_at', 'is', null)
      .execute();
  return present(await listQuery(db).where('api_keys.api_key_id', '=', apiKeyId).executeTakeFirstOrThrow());
}
