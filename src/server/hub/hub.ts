/**
 * The hub of one server instance: its connections, their keep-alive, and the delivery of order
 * changes. Each change is turned into its message once per instance (not per connection) and
 * sent as `ReceiveMessage` to the connections allowed to see that order: internal staff, and the
 * users of the order's parties.
 */
import type { Kysely } from 'kysely';
import type { WebSocket } from 'ws';
import type { OrderChange, OrderChangeMessage } from '../../schemas/dashboard';
import { endedSessions } from '../auth/authenticate';
import type { Database } from '../db/types';
import type { Viewer } from '../domain/viewer';
import type { OrderEvent, OrderEvents } from '../events/order-events';
import { HubConnection } from './hub-connection';
import { invocationMessage } from './protocol';

/** Keep-alive as ASP.NET Core SignalR does it, well inside the client's 30 s server timeout. */
export const PING_INTERVAL_MS = 15_000;
const CLIENT_TIMEOUT_MS = 30_000;
const HANDSHAKE_TIMEOUT_MS = 15_000;
/** How long a shutdown waits for clients to close their side before cutting them off. */
const SHUTDOWN_GRACE_MS = 1_000;

export const RECEIVE_MESSAGE = 'ReceiveMessage';

/** The message of a change and who it concerns; null when there is nothing to tell (e.g. no such order). */
export type MessageFor = (
  db: Kysely<Database>,
  orderId: number,
  change: OrderChange,
) => Promise<{ partyIds: number[]; message: OrderChangeMessage } | null>;

interface HubLog {
  warn(details: object, message: string): void;
}

export interface HubOptions {
  db: Kysely<Database>;
  events: OrderEvents;
  messageFor: MessageFor;
  log: HubLog;
  /** How often open connections are checked for sessions that ended (sign-out, new password). */
  sessionCheckMs: number;
}

export class Hub {
  private readonly connections = new Set<HubConnection>();
  private readonly unsubscribe: () => void;
  private readonly timer: NodeJS.Timeout;
  private readonly sessionTimer: NodeJS.Timeout;
  /** One change at a time, so two changes of one order reach clients in the order they happened. */
  private deliveries: Promise<void> = Promise.resolve();
  private shuttingDown = false;

  constructor(private readonly options: HubOptions) {
    this.unsubscribe = options.events.subscribe((event) => {
      this.deliveries = this.deliveries.then(() => this.deliver(event));
    });
    this.timer = setInterval(() => this.keepAlive(), PING_INTERVAL_MS);
    this.timer.unref();
    this.sessionTimer = setInterval(() => void this.closeEndedSessions(), options.sessionCheckMs);
    this.sessionTimer.unref();
  }

  /**
   * Issue 11: a connection whose session ended after it connected (signed out, password changed,
   * account deactivated) is closed without reconnecting, within one check interval; the token's
   * expiry closes it on its own (accept).
   */
  async closeEndedSessions(): Promise<void> {
    const open = [...this.connections];
    if (open.length === 0) return;
    try {
      const ended = await endedSessions(
        this.options.db,
        open.map((c) => c.viewer),
      );
      for (const connection of open) {
        const reason = ended.get(connection.viewer);
        if (reason) connection.close(reason, false);
      }
    } catch (err) {
      this.options.log.warn({ err }, 'hub: sessions not checked');
    }
  }

  get size(): number {
    return this.connections.size;
  }

  /** Takes over an upgraded socket of an authenticated viewer. */
  accept(socket: WebSocket, viewer: Viewer, connectionId: string): void {
    if (this.shuttingDown) {
      socket.close(1001);
      return;
    }
    const connection = new HubConnection(socket, viewer, connectionId);
    this.connections.add(connection);
    // The token's end is the connection's end: the client reconnects with a fresh token.
    const untilExpiry = viewer.claims.exp * 1000 - Date.now();
    const expiry = setTimeout(
      () => connection.close('Your session token expired.', true),
      Math.max(untilExpiry, 0),
    );
    expiry.unref();
    socket.on('close', () => {
      clearTimeout(expiry);
      this.connections.delete(connection);
    });
  }

  /** Tells every client to reconnect (to another instance, or to this one when it is back). */
  async shutdown(): Promise<void> {
    this.shuttingDown = true;
    this.unsubscribe();
    clearInterval(this.timer);
    clearInterval(this.sessionTimer);
    const open = [...this.connections];
    for (const connection of open) connection.close('The server is restarting.', true);
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(open.map((connection) => connection.whenClosed())),
      new Promise((resolve) => {
        grace = setTimeout(resolve, SHUTDOWN_GRACE_MS);
      }),
    ]);
    clearTimeout(grace);
    for (const connection of open) connection.terminate();
  }

  private async deliver(event: OrderEvent): Promise<void> {
    if (this.connections.size === 0) return;
    try {
      const found = await this.options.messageFor(this.options.db, event.BookingOrderId, event.Change);
      if (!found) return;
      const text = invocationMessage(RECEIVE_MESSAGE, [found.message]);
      for (const connection of this.connections) if (connection.maySee(found.partyIds)) connection.send(text);
    } catch (err) {
      this.options.log.warn({ err, bookingOrderId: event.BookingOrderId }, 'hub: order change not delivered');
    }
  }

  private keepAlive(): void {
    const now = Date.now();
    for (const connection of this.connections) {
      if (!connection.isHandshakeDone && now - connection.openedAt > HANDSHAKE_TIMEOUT_MS)
        connection.terminate();
      else if (now - connection.lastReceivedAt > CLIENT_TIMEOUT_MS) connection.terminate();
      else connection.ping();
    }
  }
}
