/**
 * What the flow page tests book with, found through the real server's API as the user (never
 * hard-coded ids or names: the demo data moves with its seed day): a location with units to
 * request, and chassis a reuse booking takes or refuses.
 */
import { termLeaseChassisMessage } from '../../../src/server/bookings/reuse/booker';
import { heldChassisCandidates } from '../../helpers/held-chassis';
import type { RealServer } from '../../helpers/real-server';
import type { DemoUser } from '../../helpers/test-app';

export interface AvailableRow {
  LocationId: number;
  LocationName: string;
  Available: number;
}

/** 40' standard chassis: what the units flows' tests ask for. */
export const FORTY_STANDARD = { EquipmentSize: 'Chassis.40', EquipmentClass: 'STD' } as const;

/** A market and the location in it with the most units, with every row the availability answered. */
export interface UnitsPlace extends AvailableRow {
  market: { MarketCode: string; MarketName: string };
  rows: AvailableRow[];
}

async function ok<T>(server: RealServer, user: DemoUser, method: string, path: string, body?: unknown) {
  const res = await server.call(method, path, { token: await server.token(user), body });
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
  return res.json<T>();
}

/**
 * Where `user` can request units through `availability` (the flow's availableUnits call, e.g.
 * /api/poolbooking/availableunits) in `marketCode`: the roomiest location.
 */
export async function unitsPlace(
  server: RealServer,
  user: DemoUser,
  availability: string,
  marketCode: string,
): Promise<UnitsPlace> {
  const markets = await ok<Array<{ MarketCode: string; MarketName: string }>>(
    server,
    user,
    'GET',
    '/api/lookup/locationmarkets',
  );
  const market = markets.find((m) => m.MarketCode === marketCode);
  if (!market) throw new Error(`the demo data has no market ${marketCode}`);
  const rows = await ok<AvailableRow[]>(server, user, 'POST', availability, {
    MarketCode: marketCode,
    ...FORTY_STANDARD,
  });
  const roomiest = [...rows].sort((a, b) => b.Available - a.Available)[0];
  if (!roomiest?.Available) throw new Error(`no units to request in ${marketCode} through ${availability}`);
  return { ...roomiest, market, rows };
}

interface EquipmentAnswer {
  Results: Array<{ Input: string; Valid: boolean; Message: string | null }>;
}

/** The equipment check's answer for each ID, as `user` and (for a reuse) as order type RU. */
export async function equipmentCheck(server: RealServer, user: DemoUser, ids: string[], orderType?: string) {
  const answer = await ok<EquipmentAnswer>(server, user, 'POST', '/api/lookup/equipment', {
    ChassisIds: ids,
    ...(orderType ? { OrderType: orderType } : {}),
  });
  return answer.Results;
}

/**
 * demo.customer's chassis as a reuse booking judges them: `free` ones it books (pool chassis on
 * hire to the company, on no open booking) and one on a term lease, which it refuses.
 */
export async function reuseChassis(server: RealServer): Promise<{ free: string[]; termLeased: string }> {
  const token = await server.token('demo.customer');
  const candidates = await heldChassisCandidates(async (method, path, body) => {
    const res = await server.call(method, path, { token, body });
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${res.body}`);
    return res.json();
  });
  const results = await equipmentCheck(server, 'demo.customer', candidates.slice(0, 300), 'RU');
  const free = results.filter((r) => r.Valid).map((r) => r.Input);
  const termLeased = results.find((r) => r.Message === termLeaseChassisMessage(r.Input))?.Input;
  if (free.length < 2 || !termLeased)
    throw new Error('the demo data needs two reusable chassis and a term-lease one on hire to demo.customer');
  return { free, termLeased };
}

/** A chassis ID written with a hyphen after its prefix (PLCZ-123456), as people often type it. */
export const hyphenated = (id: string) => `${id.slice(0, 4)}-${id.slice(4)}`;
