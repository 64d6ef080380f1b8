/**
 * Run before `npm start` by the Chromium bench (playwright.bench.config.ts): the demo data set in
 * the bench's fresh database (DATA_DIR), plus what the term lease bench books against — an active
 * contract of demo.customer with 20 lines in one market whose term-lease org serves 30 locations
 * (bench locations are added when the market has fewer). The order of 20 × 25 booked items is then
 * booked through the real API by the bench itself.
 */
import { openDatabase } from '../../src/server/db/connect';
import { migrate } from '../../src/server/db/migrate';
import { isDatabaseEmpty, seedDemoData } from '../../src/server/db/seed';
import { TERM_ORG } from '../../src/server/db/seed/contracts';

const BENCH_CONTRACT_NUMBER = 'TL-BENCH-20X25';
const LINES = 20;
const LOCATIONS = 30;
const CATEGORIES = ['Chassis.20', 'Chassis.40', 'Chassis.45', 'Chassis.48', 'Chassis.53'];
const CLASSES = ['STD', 'SLD', 'LTW', 'HVY'];

const handle = await openDatabase({ kind: 'pglite', dataDir: process.env.DATA_DIR ?? './data' });
try {
  const db = handle.db;
  await migrate(db);
  if (await isDatabaseEmpty(db)) await seedDemoData(db, { log: () => {} });
  const existing = await db
    .selectFrom('term_lease_contracts')
    .select('contract_id')
    .where('contract_number', '=', BENCH_CONTRACT_NUMBER)
    .executeTakeFirst();
  if (!existing) {
    const customer = await db
      .selectFrom('users')
      .select('customer_id')
      .where('user_name', '=', 'demo.customer')
      .executeTakeFirstOrThrow();
    // The market with the most locations; the term-lease org serves all of them, and more if needed.
    const market = await db
      .selectFrom('locations')
      .select(['market_code', (eb) => eb.fn.countAll<number>().as('n')])
      .where('active', '=', true)
      .groupBy('market_code')
      .orderBy('n', 'desc')
      .executeTakeFirstOrThrow();
    const locations = await db
      .selectFrom('locations')
      .selectAll()
      .where('market_code', '=', market.market_code)
      .where('active', '=', true)
      .orderBy('location_id')
      .execute();
    const template = locations[0];
    if (!template) throw new Error(`market ${market.market_code} has no location`);
    const top = await db
      .selectFrom('locations')
      .select((eb) => eb.fn.max('location_id').as('id'))
      .executeTakeFirstOrThrow();
    let nextId = Number(top.id) + 1;
    const added = Array.from({ length: Math.max(0, LOCATIONS - locations.length) }, (_, i) => ({
      ...template,
      location_id: nextId++,
      location_name: `Bench Depot ${i + 1}`,
      location_type: 'DEPOT' as const,
    }));
    if (added.length) await db.insertInto('locations').values(added).execute();
    const served = await db
      .selectFrom('inventory_org_locations')
      .select('location_id')
      .where('inventory_org_code', '=', TERM_ORG)
      .execute();
    const servedIds = new Set(served.map((r) => r.location_id));
    const serve = [...locations, ...added]
      .slice(0, LOCATIONS)
      .filter((l) => !servedIds.has(l.location_id))
      .map((l) => ({ inventory_org_code: TERM_ORG, location_id: l.location_id }));
    if (serve.length) await db.insertInto('inventory_org_locations').values(serve).execute();
    const contractTop = await db
      .selectFrom('term_lease_contracts')
      .select((eb) => eb.fn.max('contract_id').as('id'))
      .executeTakeFirstOrThrow();
    const contractId = Number(contractTop.id) + 1;
    const year = new Date().getUTCFullYear();
    await db
      .insertInto('term_lease_contracts')
      .values({
        contract_id: contractId,
        contract_number: BENCH_CONTRACT_NUMBER,
        customer_id: customer.customer_id as number,
        inventory_org_code: TERM_ORG,
        effective_date: `${year - 1}-01-01`,
        effective_to: `${year + 3}-12-31`,
        swaps_allowed: true,
        direct_finance_lease: false,
        purchase_option: false,
        min_quantity: 0,
        min_rental_days: 0,
        status: 'ACTIVE',
      })
      .execute();
    const lineTop = await db
      .selectFrom('term_lease_contract_lines')
      .select((eb) => eb.fn.max('equipment_line_id').as('id'))
      .executeTakeFirstOrThrow();
    let lineId = Number(lineTop.id) + 1;
    await db
      .insertInto('term_lease_contract_lines')
      .values(
        Array.from({ length: LINES }, (_, i) => ({
          equipment_line_id: lineId++,
          contract_id: contractId,
          equipment_category_code: CATEGORIES[i % CATEGORIES.length] as string,
          equipment_class_code: CLASSES[Math.floor(i / CATEGORIES.length) % CLASSES.length] as string,
          extendable: false,
          market_code: market.market_code,
          quantity: 1000,
          daily_rate: 12.5,
          additional_on_hire_allowed: false,
        })),
      )
      .execute();
  }
} finally {
  await handle.close();
}
