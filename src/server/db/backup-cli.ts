/**
 * `npm run backup -- <file>` and `npm run restore -- <file>` (issue 29, docs/operations.md
 * "Backups"): the database of DATABASE_URL (pg_dump / pg_restore) or else PGlite in DATA_DIR.
 */
import { resolve } from 'node:path';
import { backupPglite, backupPostgres, restorePglite, restorePostgres } from './backup';

const [command, file] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL;
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const where = databaseUrl
  ? `PostgreSQL database ${new URL(databaseUrl).pathname.slice(1)}`
  : `PGlite in ${dataDir}`;

async function main() {
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new Error('usage: npm run backup -- <file>   or   npm run restore -- <file>');
  }
  const path = resolve(file);
  if (command === 'backup') {
    await (databaseUrl ? backupPostgres(databaseUrl, path) : backupPglite(dataDir, path));
    console.log(`Backed up the ${where} to ${path}`);
  } else {
    await (databaseUrl ? restorePostgres(path, databaseUrl) : restorePglite(path, dataDir));
    console.log(`Restored ${path} into the ${where}`);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
