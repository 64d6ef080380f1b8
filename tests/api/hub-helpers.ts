/**
 * For hub.test.ts: the real server listening on a port, the official @microsoft/signalr client
 * against it (with what it received and how its connection went), raw WebSockets for what that
 * client never sends, and further server instances on one database.
 */
import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import type { OrderChangeMessage } from '../../src/schemas/dashboard';
import { buildApp } from '../../src/server/app';
import { createTokenService } from '../../src/server/auth/tokens';
import { orderEventsFor } from '../../src/server/events/order-events';
import { stockedLocation } from '../helpers/factories';
import { listen } from '../helpers/real-server';
import type { TestApp } from '../helpers/test-app';
import { eventually as eventuallyAt } from '../helpers/until';
import { type Equipment, POOL_URL, submit, unitsPayload } from './bookings-helpers';

export const HUB = '/api/dashboard/hub';
export const RS = '\x1e';
/** SPEC §9: the hub reconnects with a 3 s retry delay (enough attempts to outlast a restart). */
export const RETRY_DELAYS = Array.from({ length: 20 }, () => 3000);
/** A bound for waiting, so a missing message fails the test instead of hanging it; not a timing claim. */
const WAIT_MS = 15_000;

/** Another server instance on the test app's database, with its own order events (its own LISTEN on PostgreSQL). */
export async function startInstance(t: TestApp, port = 0): Promise<{ app: FastifyInstance; url: string }> {
  const tokens = createTokenService(
    new TextEncoder().encode(t.config.jwtSecret as string),
    t.config.tokenLifetimeMinutes,
  );
  const orderEvents = await orderEventsFor(t.handle);
  const app = await buildApp({ db: t.handle.db, tokens, config: t.config, orderEvents });
  return { app, url: await listen(app, port) };
}

/** The first value `check` gives that is not undefined (tests/helpers/until.ts), within WAIT_MS. */
export const eventually = <T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
): Promise<T> => eventuallyAt(check, { what, timeoutMs: WAIT_MS });

export interface RecordingClient {
  connection: HubConnection;
  messages: OrderChangeMessage[];
  /** 'reconnecting: <error>', 'reconnected', 'closed' in the order they happened. */
  transitions: string[];
  stop(): Promise<void>;
}

/** The official client, configured as the dashboard's (WebSockets, automatic reconnect every 3 s). */
export function hubClient(baseUrl: string, accessTokenFactory: () => string): RecordingClient {
  const connection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}${HUB}`, {
      accessTokenFactory,
      transport: HttpTransportType.WebSockets,
      skipNegotiation: false,
    })
    .withAutomaticReconnect(RETRY_DELAYS)
    .configureLogging(LogLevel.None)
    .build();
  const client: RecordingClient = {
    connection,
    messages: [],
    transitions: [],
    stop: () => connection.stop(),
  };
  connection.on('ReceiveMessage', (message: OrderChangeMessage) => client.messages.push(message));
  connection.onreconnecting((error) => client.transitions.push(`reconnecting: ${error?.message ?? ''}`));
  connection.onreconnected(() => client.transitions.push('reconnected'));
  connection.onclose(() => client.transitions.push('closed'));
  return client;
}

export const messageOf = (client: RecordingClient, orderId: number) =>
  eventually(`order ${orderId} at the client`, () =>
    client.messages.find((m) => m.BookingOrderId === orderId),
  );

/** A pool booking demo.staff makes for a customer at a stocked location of its own; answers the new order's id. */
export async function staffBooksFor(t: TestApp, staffToken: string, customerId: number): Promise<number> {
  const equipment: Equipment & { CustomerId: number } = {
    MarketCode: 'LAX',
    EquipmentSize: 'Chassis.40',
    EquipmentClass: 'STD',
    CustomerId: customerId,
  };
  const place = await stockedLocation(t, equipment, 1);
  const res = await submit(
    t,
    POOL_URL,
    staffToken,
    unitsPayload('pool', equipment, [{ LocationId: place.LocationId, units: 1, Available: place.Available }]),
  );
  if (res.statusCode !== 200)
    throw new Error(`staff booking for ${customerId}: ${res.statusCode} ${res.body}`);
  return res.json().BookingOrderId as number;
}

export async function negotiate(baseUrl: string, token: string | null): Promise<Response> {
  return fetch(`${baseUrl}${HUB}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A WebSocket as a browser would open it: the token in the query. Answers the socket, or the refusal's status. */
export function rawSocket(
  baseUrl: string,
  query: Record<string, string>,
): Promise<{ socket: WebSocket; status?: never } | { status: number; socket?: never }> {
  const url = `${baseUrl.replace(/^http/, 'ws')}${HUB}?${new URLSearchParams(query)}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0 });
      response.resume();
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

/** Collects the records a raw socket receives, split on the record separator. */
export function records(socket: WebSocket): { all: string[]; closed: Promise<number> } {
  const all: string[] = [];
  socket.on('message', (data) => all.push(...data.toString().split(RS).filter(Boolean)));
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  return { all, closed };
}

export async function connectionTokenFor(baseUrl: string, token: string): Promise<string> {
  const res = await negotiate(baseUrl, token);
  if (res.status !== 200) throw new Error(`negotiate: ${res.status}`);
  return ((await res.json()) as { connectionToken: string }).connectionToken;
}
