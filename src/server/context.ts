import type { Kysely } from 'kysely';
import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Database } from './db/types';

/** What every route area is given: the database, the token service and the configuration. */
export interface AppContext {
  db: Kysely<Database>;
  tokens: TokenService;
  config: ServerConfig;
}
