/**
 * A fixed booking API on a local HTTP server for the jsdom render benchmarks: lookups, availability
 * and the equipment check answer at once with small fixed data, so a figure measures the client
 * (router, flow page, RJSF), not the server. The tests run against the real server instead
 * (tests/helpers/real-server.ts). jsdom sends cross-origin XHRs, so it answers CORS preflights.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RootStore } from '../src/app/stores/RootStore';
import { CHASSIS_MESSAGES } from '../src/domain/equipment';
import { termLeaseChassisMessage } from '../src/server/bookings/reuse/booker';
import { buildRootStore, type DemoUser, tokenFor } from '../tests/app/support/fixtures';
import { sendJson, startServer, type TestServer } from '../tests/app/support/http-server';

/** The email My Account holds for the flow tests' user: a new request's contact starts with it. */
export const MY_ACCOUNT_EMAIL = 'casey@example.com';

export const MARKETS = [
  { MarketCode: 'CHI', MarketName: 'Chicago' },
  { MarketCode: 'LAX', MarketName: 'Los Angeles' },
];
export const LOCATIONS = [
  { LocationId: 11, LocationName: 'Chicago Yard', Available: 10 },
  { LocationId: 12, LocationName: 'Joliet Ramp', Available: 0 },
];

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Source, TimeZoneOffset, Idempotency-Key',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
};

const readBody = (req: IncomingMessage): Promise<Record<string, unknown>> =>
  new Promise((resolve) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => resolve(text ? JSON.parse(text) : {}));
  });

export async function startFlowApi(): Promise<
  TestServer & { answerDocumentWith: (d: (id: number) => unknown) => void }
> {
  // The order document (GET /api/bookingorder/{id}/document); none unless a bench or test sets one.
  let document: ((id: number) => unknown) | null = null;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: unknown) => sendJson(res, status, body, CORS);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      return res.end();
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const body = req.method === 'POST' ? await readBody(req) : {};
    // Issue 27: the signed-in user's draft key (one fixed user here), as GET /api/users/me/draftkey answers.
    if (path === '/api/users/me/draftkey')
      return send(200, { KeyId: 'casey-1', Key: Buffer.alloc(32, 7).toString('base64') });
    if (/^\/api\/users\/\d+$/.test(path))
      return send(200, { UserId: 42, UserFullName: 'Casey', Email: MY_ACCOUNT_EMAIL, GoodStanding: true });
    if (path === '/api/lookup/locationmarkets') return send(200, MARKETS);
    if (path === '/api/lookup/equipmentCategories')
      return send(200, [
        { EquipmentCategoryCode: 'Chassis.40', EquipmentCategoryDescription: "40' chassis" },
      ]);
    if (path === '/api/lookup/equipmentClasses') return send(200, [{ Code: 'STD', Name: 'Standard' }]);
    if (path === '/api/lookup/locations') return send(200, LOCATIONS);
    if (path === '/api/lookup/customers') {
      const all = [{ CustomerId: 3, CustomerNameWithSCAC: 'Acme Drayage (ACMD)' }];
      return send(
        200,
        all.filter((c) =>
          c.CustomerNameWithSCAC.toLowerCase().includes(String(url.searchParams.get('search')).toLowerCase()),
        ),
      );
    }
    if (path.startsWith('/api/lookup/') && req.method === 'GET') return send(200, []);
    if (path.endsWith('/availableunits')) return send(200, body.MarketCode === 'CHI' ? LOCATIONS : []);
    if (path === '/api/lookup/equipment') {
      const ids = (body.ChassisIds ?? []) as string[];
      // PLCZ9…: not on hire to the caller; PLCZ8…: on a term lease, which a reuse (OrderType RU,
      // issue 25) refuses and the plain equipment check does not.
      const messageOf = (id: string) =>
        id.startsWith('PLCZ9')
          ? CHASSIS_MESSAGES.notOnHire(id, 'Demo Motor Carrier')
          : id.startsWith('PLCZ8') && body.OrderType === 'RU'
            ? termLeaseChassisMessage(id)
            : null;
      return send(200, {
        Results: ids.map((id) => ({
          Input: id,
          ChassisId: id.replace('-', '').toUpperCase(),
          Valid: messageOf(id) === null,
          Message: messageOf(id),
        })),
      });
    }
    const documentId = /^\/api\/bookingorder\/(\d+)\/document$/.exec(path)?.[1];
    if (documentId && document) return send(200, document(Number(documentId)));
    send(404, { message: `no route ${path}` });
  };
  const server = await startServer((req, res) => void handle(req, res));
  return { ...server, answerDocumentWith: (d) => (document = d) };
}

/** A signed-in user's root store talking to `apiUrl` (this fixed API): an unsigned token, as the client never verifies one. */
export const rootFor = (user: DemoUser, apiUrl: string): RootStore =>
  buildRootStore({ token: tokenFor(user, { UserId: 42 }), apiBaseUrl: `${apiUrl}/api` });
