/** About 40 term-lease contracts (org TERM), each with 1–3 equipment lines. */
import type { TermLeaseContractLineTable, TermLeaseContractTable } from '../types';
import type { CustomerRow } from './customers';
import { CHASSIS_CATEGORIES, kindFor } from './equipment';
import { daysBeforeAnchor, isoDate, type Rng } from './random';

export type ContractRow = Omit<TermLeaseContractTable, 'contract_id' | 'effective_date' | 'effective_to'> & {
  contract_id: number;
  effective_date: string;
  effective_to: string;
};
export type ContractLineRow = Omit<TermLeaseContractLineTable, 'equipment_line_id'> & {
  equipment_line_id: number;
};

export const TERM_ORG = 'TERM';
const CONTRACT_COUNT = 40;

interface ContractShape {
  startDaysAgo: number;
  lengthDays: number;
  terminated?: boolean;
  flags?: Partial<
    Pick<ContractRow, 'direct_finance_lease' | 'purchase_option' | 'min_quantity' | 'min_rental_days'>
  >;
}

/** Demo Motor Carrier: an active contract with overrides to exercise, an active finance lease, an expired one. */
const DEMO_MC_CONTRACTS: ContractShape[] = [
  {
    startDaysAgo: 400,
    lengthDays: 1095,
    flags: { purchase_option: true, min_quantity: 10, min_rental_days: 90, direct_finance_lease: false },
  },
  { startDaysAgo: 200, lengthDays: 1825, flags: { direct_finance_lease: true, purchase_option: false } },
  { startDaysAgo: 1200, lengthDays: 730 },
];

export function buildContracts(
  rng: Rng,
  customers: readonly CustomerRow[],
  marketCodes: readonly string[],
): { contracts: ContractRow[]; lines: ContractLineRow[] } {
  const eligible = customers.filter(
    (c) => c.active && c.good_standing && ['MC', 'SSL', 'BCO', 'LSP'].includes(c.customer_class),
  );
  const demoMc = customers[0] as CustomerRow;
  const demoSsl = customers[1] as CustomerRow;
  const plan: Array<[CustomerRow, ContractShape | null]> = [
    ...DEMO_MC_CONTRACTS.map((s) => [demoMc, s] as [CustomerRow, ContractShape]),
    [demoSsl, { startDaysAgo: 300, lengthDays: 1095 }],
  ];
  while (plan.length < CONTRACT_COUNT) plan.push([rng.pick(eligible), null]);

  const contracts: ContractRow[] = [];
  const lines: ContractLineRow[] = [];
  for (const [customer, fixed] of plan) {
    const shape: ContractShape = fixed ?? {
      startDaysAgo: rng.int(30, 1100),
      lengthDays: rng.pick([365, 730, 1095, 1460, 1825]),
      terminated: rng.chance(0.08),
    };
    const from = daysBeforeAnchor(shape.startDaysAgo);
    const to = daysBeforeAnchor(shape.startDaysAgo - shape.lengthDays);
    const expired = to.getTime() < daysBeforeAnchor(0).getTime();
    const id = contracts.length + 1;
    contracts.push({
      contract_id: id,
      contract_number: `TL-${from.getUTCFullYear()}-${String(id).padStart(4, '0')}`,
      customer_id: customer.customer_id,
      inventory_org_code: TERM_ORG,
      effective_date: isoDate(from),
      effective_to: isoDate(to),
      swaps_allowed: rng.chance(0.4),
      direct_finance_lease: shape.flags?.direct_finance_lease ?? rng.chance(0.15),
      purchase_option: shape.flags?.purchase_option ?? rng.chance(0.25),
      min_quantity: shape.flags?.min_quantity ?? (rng.chance(0.3) ? rng.int(5, 20) : 0),
      min_rental_days: shape.flags?.min_rental_days ?? (rng.chance(0.4) ? rng.pick([30, 60, 90, 180]) : 0),
      status: shape.terminated ? 'TERMINATED' : expired ? 'EXPIRED' : 'ACTIVE',
    });
    const lineCount = rng.int(1, 3);
    const categories = rng.sample(CHASSIS_CATEGORIES, lineCount);
    for (const category of categories) {
      const kind = kindFor(rng, category);
      lines.push({
        equipment_line_id: lines.length + 1,
        contract_id: id,
        equipment_category_code: kind.category,
        equipment_class_code: kind.equipmentClass,
        extendable: kind.extendable,
        market_code: rng.pick(marketCodes),
        quantity: rng.int(5, 40),
        daily_rate: rng.money(9, 22),
        additional_on_hire_allowed: rng.chance(0.3),
      });
    }
  }
  return { contracts, lines };
}
