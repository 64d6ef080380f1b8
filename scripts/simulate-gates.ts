/**
 * Issue 31: `npm run simulate:gates` plays realistic gate traffic against a running portal (the demo
 * data of `npm start`), so the dashboard and availability move live in a demo. Every round a ramp
 * brings a customer's chassis back (in-gate) and releases it again against an open pool booking of
 * its location, size and class (out-gate, with the booking number), and now and then sends what a
 * real gate sends wrongly (an unknown chassis, a pick-up with no booking number): those land on the
 * staff's Gate Exceptions list. It signs in as staff, makes a gate key for the ramp operator, and
 * uses only the public API.
 *
 *   PORTAL_URL (default http://127.0.0.1:8080)  SIM_ROUNDS (10)  SIM_INTERVAL_MS (3000)
 *   SIM_USER / SIM_PASSWORD (demo.staff / Demo!2345)
 */
const base = (process.env.PORTAL_URL ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const rounds = Number(process.env.SIM_ROUNDS ?? 10);
const interval = Number(process.env.SIM_INTERVAL_MS ?? 3000);

async function call<T>(method: string, path: string, auth: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json', Source: 'web' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

interface Row {
  BookingOrderId: number;
  CustomerId: number;
}
interface Detail {
  Bookings: Array<{
    BookingCode: string | null;
    StatusCode: string;
    EquipmentSize: string;
    EquipmentClass: string | null;
    UnitsRequestedCount: number;
    UnitsFulfilledCount: number;
    Location: { LocationId: number };
  }>;
}
interface Held {
  ChassisId: string;
  EquipmentSize: string;
  EquipmentClass: string;
}
interface Target {
  bookingCode: string;
  locationId: number;
  size: string;
  equipmentClass: string | null;
}

async function main(): Promise<void> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      UserId: process.env.SIM_USER ?? 'demo.staff',
      Password: process.env.SIM_PASSWORD ?? 'Demo!2345',
      ApplicationCode: 'BRR',
    }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const staff = `Bearer ${((await login.json()) as { token: string }).token}`;

  // Open pool bookings, newest first: the ones a demo is watching.
  const search = await call<{ ResultSet: Row[] }>('POST', '/dashboard/search', staff, {
    StatusCode: 'OP',
    BookingOrderTypeCode: 'PB',
    PageSize: 40,
  });
  const targets: Target[] = [];
  const customers = new Set<number>();
  for (const id of new Set(search.ResultSet.map((r) => r.BookingOrderId))) {
    const detail = await call<Detail>('GET', `/dashboard/details/${id}`, staff);
    for (const b of detail.Bookings)
      if (b.StatusCode === 'OP' && b.BookingCode && b.UnitsFulfilledCount < b.UnitsRequestedCount)
        targets.push({
          bookingCode: b.BookingCode,
          locationId: b.Location.LocationId,
          size: b.EquipmentSize,
          equipmentClass: b.EquipmentClass,
        });
  }
  for (const r of search.ResultSet) customers.add(r.CustomerId);
  if (targets.length === 0) throw new Error('no open pool booking to pick up: book one first');

  // Chassis on hire to the customers (pool ones): returned, then released again.
  const held: Held[] = [];
  for (const customerId of [...customers].slice(0, 10)) {
    const list = await call<{ ResultSet: Held[] }>(
      'GET',
      `/chassis/held?CustomerId=${customerId}&Purpose=reuse&PageSize=200`,
      staff,
    );
    held.push(...list.ResultSet);
  }
  const operators = await call<Array<{ CustomerId: number; CustomerClass: string }>>(
    'GET',
    '/lookup/allCustomers',
    staff,
  );
  const operator = operators.find((c) => c.CustomerClass === 'RR') ?? operators[0];
  const locations = [...new Set(targets.map((t) => t.locationId))].slice(0, 50);
  const key = await call<{ Key: string }>('POST', '/account/apikeys', staff, {
    Name: `Gate simulator ${new Date().toISOString().slice(0, 19)}`,
    Abilities: ['gate'],
    LocationIds: locations,
    ExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    CustomerId: operator?.CustomerId,
  });
  const gate = `ApiKey ${key.Key}`;
  console.log(
    `simulate:gates → ${base}: ${targets.length} open bookings, ${held.length} chassis on hire, ${rounds} rounds`,
  );

  const used = new Set<string>();
  for (let round = 1; round <= rounds; round++) {
    const target = targets[(round - 1) % targets.length] as Target;
    const unit = held.find(
      (h) =>
        !used.has(h.ChassisId) &&
        h.EquipmentSize === target.size &&
        (target.equipmentClass === null || h.EquipmentClass === target.equipmentClass),
    );
    const now = Date.now();
    const at = (secondsAgo: number) => new Date(now - secondsAgo * 1000).toISOString();
    const events: object[] = [];
    if (unit && locations.includes(target.locationId)) {
      used.add(unit.ChassisId);
      events.push({
        ChassisId: unit.ChassisId,
        Kind: 'InGate',
        LocationId: target.locationId,
        EventTime: at(60),
      });
      events.push({
        ChassisId: unit.ChassisId,
        Kind: 'OutGate',
        LocationId: target.locationId,
        EventTime: at(5),
        BookingCode: target.bookingCode,
      });
    }
    if (round % 4 === 0)
      events.push({
        ChassisId: `PLCZ${String(900000 + round).padStart(6, '0')}`,
        Kind: 'InGate',
        LocationId: locations[0],
        EventTime: at(30),
      });
    if (round % 5 === 0 && unit)
      events.push({
        ChassisId: unit.ChassisId,
        Kind: 'InGate',
        LocationId: target.locationId,
        EventTime: at(120),
      });
    if (events.length === 0) continue;
    const result = await call<{
      Applied: number;
      Exceptions: number;
      Stale: number;
      Results: Array<{ ChassisId: string; Outcome: string; Message: string | null }>;
    }>('POST', '/gateevents', gate, { Events: events });
    console.log(
      `round ${round}: ${result.Applied} applied, ${result.Exceptions} exceptions, ${result.Stale} stale — ${result.Results.map((r) => `${r.ChassisId} ${r.Outcome}${r.Message ? ` (${r.Message})` : ''}`).join('; ')}`,
    );
    if (round < rounds) await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
