/**
 * `npm start`: opens the database (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL), migrates it,
 * loads the demo data set into an empty database, and serves the portal.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildApp } from './app';
import { authCacheFor } from './auth/auth-cache';
import { createTokenService, loadSigningKey } from './auth/tokens';
import { readConfig } from './config';
import { openDatabase } from './db/connect';
import { migrate } from './db/migrate';
import { isDatabaseEmpty, seedDemoData } from './db/seed';
import { orderEventsFor } from './events/order-events';
import { loadServerFlows, watchFlowFiles } from './flows';
import { installGracefulShutdown } from './operations/shutdown';

const staticDir = resolve('dist');

/** The build's identity for the version check: a hash of the built index.html, which names every asset. */
function buildHash(): string {
  const index = resolve(staticDir, 'index.html');
  if (!existsSync(index)) return 'dev';
  return createHash('sha256').update(readFileSync(index)).digest('hex').slice(0, 16);
}

async function main() {
  const config = readConfig();
  config.buildHash = process.env.BUILD_HASH ?? buildHash();
  const handle = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  // ARCHITECTURE §1: dashboard searches may read a streaming replica (README, "Two instances").
  if (config.databaseReadUrl && !config.databaseUrl) throw new Error('DATABASE_READ_URL needs DATABASE_URL');
  const reader = config.databaseReadUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseReadUrl })
    : null;
  const applied = await migrate(handle.db);
  if (applied.length) console.log(`Migrated ${where}: ${applied.join(', ')}`);
  if (await isDatabaseEmpty(handle.db)) {
    console.log('Empty database: loading the demo data set…');
    const summary = await seedDemoData(handle.db, { log: (m) => console.log(m) });
    console.log('Demo data loaded:', summary);
  }
  const tokens = createTokenService(
    await loadSigningKey(handle.db, config.jwtSecret),
    config.tokenLifetimeMinutes,
  );
  // LISTEN/NOTIFY on PostgreSQL, so hub clients of every instance hear every change.
  const orderEvents = await orderEventsFor(handle);
  // Sign-outs and deactivations reach every instance's cache the same way. AUTH_CACHE=off asks the
  // database on every call (what the per-call bench compares against).
  const authCache = process.env.AUTH_CACHE === 'off' ? undefined : await authCacheFor(handle);
  const flows = loadServerFlows();
  const app = await buildApp(
    {
      db: handle.db,
      readDb: reader?.db,
      dispatchDb: handle.dispatchDb,
      tokens,
      config,
      orderEvents,
      authCache,
      flows,
      dbPool: handle.pool,
    },
    { staticDir, logger: true, gracefulClose: true },
  );
  // Development (npm run dev:server): a changed flow, schema, rule or limit file counts from the next call.
  const unwatch = process.env.FLOWS_WATCH === '1' ? watchFlowFiles(flows, app.log) : () => undefined;
  installGracefulShutdown(app, config.shutdown, async () => {
    unwatch();
    await reader?.close();
    await handle.close();
  });

  await app.listen({ host: config.host, port: config.port });
  console.log(`Portal at http://${config.host}:${config.port}/ (API docs at /api/docs, database: ${where})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
