import { sql } from 'kysely';
import type { TestApp } from '../helpers/test-app';

/**
 * Pool chassis on hire to a customer that no open or pending booking names, read from the test's
 * own database: what a reuse or a claim may take. `desc` takes them from the other end, so two
 * tests in one file do not reach for the same ones.
 */
export async function freeHeldChassis(
  t: TestApp,
  customerId: number,
  count: number,
  order: 'asc' | 'desc' = 'asc',
): Promise<string[]> {
  const { rows } = await sql<{ chassis_id: string }>`
    select c.chassis_id from chassis c
    where c.on_hire_customer_id = ${customerId} and c.contract_id is null
      and not exists (select 1 from booking_chassis bc join bookings b on b.booking_id = bc.booking_id
        where bc.chassis_master_id = c.chassis_master_id and b.status_code in ('OP', 'PN'))
    order by c.chassis_id ${sql.raw(order)} limit ${count}`.execute(t.handle.db);
  return rows.map((r) => r.chassis_id);
}
