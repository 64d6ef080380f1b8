/**
 * `npm run bench`: figures for the hot paths (flow validation, sign-in, lookups), on a freshly seeded PGlite (and on
 * PostgreSQL when BENCH_DATABASE_URL names an empty database), and the dashboard at 1,000,000 orders when
 * BENCH_SCALE_DATABASE_URL names a database seeded with `npm run seed -- --scale`. Reported, never asserted.
 */
import { buildApp } from '../src/server/app';
import { createTokenService } from '../src/server/auth/tokens';
import { readConfig } from '../src/server/config';
import { type DatabaseOptions, openDatabase } from '../src/server/db/connect';
import { migrate } from '../src/server/db/migrate';
import { isDatabaseEmpty, seedDemoData } from '../src/server/db/seed';
import { benchBookingLoad } from './booking-load';
import { benchCallOverhead } from './call-overhead';
import { benchDashboardSearch } from './dashboard';
import { benchExcel } from './excel';
import { benchFlowValidation } from './flow-validation';
import { benchGateIngest } from './gate-ingest';
import { benchMailOutbox } from './mail-outbox';
import { measure } from './measure';
import { BENCH_RATE_LIMITS } from './server-process';

async function benchOn(name: string, options: DatabaseOptions) {
  console.log(`\n## ${name}`);
  const started = performance.now();
  const handle = await openDatabase(options);
  await migrate(handle.db);
  if (await isDatabaseEmpty(handle.db)) await seedDemoData(handle.db);
  console.log(`open + migrate + seed: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const config = readConfig({ JWT_SECRET: 'bench-secret-0000000000000000000000', ...BENCH_RATE_LIMITS });
  const tokens = createTokenService(new TextEncoder().encode(config.jwtSecret as string), 20);
  const app = await buildApp({ db: handle.db, tokens, config });
  const login = () =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { UserId: 'demo.staff', Password: 'Demo!2345', ApplicationCode: 'BRR' },
    });
  const token = (await login()).json().token as string;
  const headers = { authorization: `Bearer ${token}` };
  const chassis = await handle.db.selectFrom('chassis').select('chassis_id').limit(1000).execute();

  await measure('POST /api/auth/login (argon2id verify)', 30, login);
  await measure('GET /api/lookup/locations', 50, () =>
    app.inject({ method: 'GET', url: '/api/lookup/locations', headers }),
  );
  await measure('GET /api/lookup/customers?search=demo', 50, () =>
    app.inject({ method: 'GET', url: '/api/lookup/customers?search=demo', headers }),
  );
  await measure('POST /api/lookup/equipment (1000 IDs)', 20, () =>
    app.inject({
      method: 'POST',
      url: '/api/lookup/equipment',
      headers,
      payload: { ChassisIds: chassis.map((c) => c.chassis_id) },
    }),
  );
  await app.close();
  await handle.close();
}

await benchFlowValidation();
await benchOn('PGlite (in memory)', { kind: 'pglite' });
if (process.env.BENCH_DATABASE_URL)
  await benchOn('PostgreSQL', { kind: 'postgres', url: process.env.BENCH_DATABASE_URL });
await benchCallOverhead();
// Booking under load needs PostgreSQL: it creates its own database on that server.
if (process.env.BENCH_DATABASE_URL) await benchBookingLoad(process.env.BENCH_DATABASE_URL);
else console.log('\n(booking under load skipped: set BENCH_DATABASE_URL to a PostgreSQL database)');
// Issue 30 §1: the mail behind the bookings, a backlog sent with PostgreSQL idle and busy.
if (process.env.BENCH_DATABASE_URL) await benchMailOutbox(process.env.BENCH_DATABASE_URL);
else console.log('\n(mail outbox skipped: set BENCH_DATABASE_URL to a PostgreSQL database)');
// Issue 31: a 322 interchange of 100,000 gate events beside a COPY of its rows (and, with the
// scale database, the dashboard search while it is ingested).
if (process.env.BENCH_DATABASE_URL)
  await benchGateIngest(process.env.BENCH_DATABASE_URL, process.env.BENCH_SCALE_DATABASE_URL);
else console.log('\n(gate events ingest skipped: set BENCH_DATABASE_URL to a PostgreSQL database)');
// The dashboard at scale wants a PostgreSQL database seeded with `npm run seed -- --scale`.
const scaleUrl = process.env.BENCH_SCALE_DATABASE_URL;
if (scaleUrl) {
  await benchDashboardSearch(scaleUrl);
  await benchExcel(scaleUrl);
} else
  console.log(
    '\n(dashboard at scale skipped: set BENCH_SCALE_DATABASE_URL to a database seeded with --scale)',
  );
console.log(`\npeak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
