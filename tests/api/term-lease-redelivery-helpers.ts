/** Shared by the term-lease-redelivery*.test.ts files: a customer of its own with term leased chassis to return. */
import { DEFAULT_INVENTORY_ORG } from '../../src/domain/constants';
import {
  addContractLine,
  type ChassisKind,
  customerWithToken,
  makeContract,
  makeLocation,
  makeMarket,
  onHireChassis,
} from '../helpers/factories';
import type { TestApp } from '../helpers/test-app';

export interface RedeliveryStage {
  me: Awaited<ReturnType<typeof customerWithToken>>;
  /** What every line leases: 40' standard frames in the stage's own market. */
  equipment: ChassisKind & { MarketCode: string };
  /**
   * The return locations, in the order a line lists them: both of the term org and the pool's
   * (IDL); the first also of MRP, the second not.
   */
  locations: [number, number];
  /** A contract with a purchase option and a minimum quantity of 10, and its chassis on hire. */
  option: { contractId: number; contractNumber: string; chassis: string[] };
  /** A direct finance lease contract (no minimum quantity, no swaps), and its chassis on hire. */
  finance: { contractId: number; contractNumber: string; chassis: string[] };
}

/**
 * A customer of its own holding `counts` chassis under each of two contracts of one line each, in a
 * market of its own whose two locations are the only ones the lines offer. The contracts began a
 * year ago, past their minimum rental period (30 days).
 */
export async function redeliveryStage(
  t: TestApp,
  counts: { option: number; finance: number },
): Promise<RedeliveryStage> {
  const me = await customerWithToken(t);
  const equipment = { EquipmentSize: 'Chassis.40', EquipmentClass: 'STD', MarketCode: await makeMarket(t) };
  const option = await makeContract(t, me.customerId, { purchase_option: true, min_quantity: 10 });
  const finance = await makeContract(t, me.customerId, { direct_finance_lease: true, min_quantity: 0 });
  const at = (orgs: string[]) => makeLocation(t, { market_code: equipment.MarketCode, orgs });
  const first = await at([option.org, DEFAULT_INVENTORY_ORG, 'MRP']);
  const second = await at([option.org, DEFAULT_INVENTORY_ORG]);
  const held = async (contract: { contractId: number; org: string }, count: number) => {
    await addContractLine(t, contract.contractId, equipment, count);
    return onHireChassis(t, me.customerId, equipment, count, {
      org: contract.org,
      contractId: contract.contractId,
    });
  };
  return {
    me,
    equipment,
    locations: [first.LocationId, second.LocationId],
    option: { ...option, chassis: await held(option, counts.option) },
    finance: { ...finance, chassis: await held(finance, counts.finance) },
  };
}
