/**
 * npm run seed [-- --reset] [-- --scale[=N]]
 * Opens the database the way the server does (DATABASE_URL → PostgreSQL, else PGlite in DATA_DIR,
 * default ./data), migrates it, seeds the demo data when the database is empty (or always after
 * --reset empties every table), then with --scale adds N (default 1,000,000) booking orders.
 */
import { openDatabase } from './connect';
import { migrate } from './migrate';
import { countRows, isDatabaseEmpty, seedDemoData, seedScale, truncateAll } from './seed';

const args = process.argv.slice(2);
const reset = args.includes('--reset');
const scaleArg = args.find((a) => a === '--scale' || a.startsWith('--scale='));
const scale = scaleArg ? Number(scaleArg.split('=')[1] ?? 1_000_000) : 0;
if (!Number.isInteger(scale) || scale < 0) throw new Error(`--scale wants a whole number, got ${scaleArg}`);

const log = (msg: string) => console.log(msg);
const url = process.env.DATABASE_URL;
const handle = await openDatabase(
  url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: process.env.DATA_DIR ?? './data' },
);
try {
  const started = Date.now();
  const applied = await migrate(handle.db);
  if (applied.length) log(`migrated: ${applied.join(', ')}`);
  if (reset) {
    await truncateAll(handle.db);
    log('reset: every table emptied');
  }
  if (await isDatabaseEmpty(handle.db)) {
    await seedDemoData(handle.db, { log });
    log(`demo data seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } else {
    log('database already holds data: demo seed skipped (use --reset to start over)');
  }
  if (scale > 0) await seedScale(handle.db, { bookingOrders: scale, log });
  const summary = await countRows(handle.db);
  for (const [table, n] of Object.entries(summary)) log(`${table.padEnd(28)} ${n.toLocaleString('en-US')}`);
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s (${handle.kind})`);
} finally {
  await handle.close();
}
