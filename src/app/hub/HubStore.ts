import type { HubConnection, IRetryPolicy } from '@microsoft/signalr';
import { action, makeObservable, observable, reaction } from 'mobx';
import { HUB_RECONNECT_DELAY_MS } from '../../domain/constants';
import type { OrderChangeMessage } from '../../schemas/dashboard';

/** What the dashboard shows of the connection: nothing when offline, a small badge otherwise. */
export type HubState = 'offline' | 'connecting' | 'live' | 'reconnecting';

export type HubEvent = { kind: 'message'; message: OrderChangeMessage } | { kind: 'reconnected' };

/** The hub method the server invokes (SPEC §7: a ReceiveMessage event). */
export const RECEIVE_MESSAGE = 'ReceiveMessage';

export type BuildConnection = (
  url: string,
  accessToken: () => string,
) => HubConnection | Promise<HubConnection>;

/** SPEC §9: retry every 3 s, for as long as it takes (the builder's default gives up after four). */
export const retryEvery: IRetryPolicy = { nextRetryDelayInMilliseconds: () => HUB_RECONNECT_DELAY_MS };

/** The hub URL against the page's address: the client resolves a relative one only in a browser it recognises. */
export const absoluteUrl = (url: string): string =>
  typeof location === 'undefined' ? url : new URL(url, location.href).href;

/** The SignalR client is fetched when the first page connects, not with the sign-in page (issue 15). */
const loadAndBuild: BuildConnection = async (url, accessToken) =>
  (await import('./hub-connection')).buildHubConnection(url, accessToken);

/**
 * The dashboard hub connection (SPEC §7 real-time hub). Started by the dashboard pages once the
 * user is signed in, kept across pages, stopped when the token goes (sign-out here or in another
 * tab). Listeners get every ReceiveMessage and a `reconnected` event after an outage, when
 * messages may have been missed.
 */
export class HubStore {
  state: HubState = 'offline';
  private connection: HubConnection | null = null;
  private wanted = false;
  /** Set once a start succeeded: a later start is a comeback after an outage. */
  private wasLive = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<(event: HubEvent) => void>();

  constructor(
    private readonly url: string,
    private readonly session: { readonly token: string | null },
    private readonly build: BuildConnection = loadAndBuild,
  ) {
    makeObservable<HubStore, 'setState'>(this, { state: observable, setState: action });
    reaction(
      () => session.token,
      (token) => {
        if (!token) void this.stop();
      },
    );
  }

  /** Connects unless already connected or trying; does nothing while signed out. */
  connect(): void {
    if (this.wanted || !this.session.token) return;
    this.wanted = true;
    void this.start();
  }

  async stop(): Promise<void> {
    this.wanted = false;
    this.wasLive = false;
    clearTimeout(this.retryTimer);
    const connection = this.connection;
    this.connection = null;
    this.setState('offline');
    await connection?.stop().catch(() => undefined);
  }

  subscribe(listener: (event: HubEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hands one ReceiveMessage to every listener; a malformed message is dropped. */
  receive(message: OrderChangeMessage): void {
    if (!message || typeof message.BookingOrderId !== 'number' || !Array.isArray(message.Rows)) return;
    this.emit({ kind: 'message', message });
  }

  private emit(event: HubEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  private setState(state: HubState): void {
    this.state = state;
  }

  private async start(): Promise<void> {
    if (!this.wanted || !this.session.token) return;
    let connection: HubConnection | null = null;
    this.setState(this.state === 'offline' ? 'connecting' : 'reconnecting');
    try {
      connection = this.connection ?? (await this.open());
      await connection.start();
      if (connection !== this.connection) return;
      this.setState('live');
      if (this.wasLive) this.emit({ kind: 'reconnected' });
      this.wasLive = true;
    } catch {
      // withAutomaticReconnect covers a lost connection, not a first start that fails.
      if (connection === this.connection || connection === null) this.retryLater();
    }
  }

  private async open(): Promise<HubConnection> {
    const connection = await this.build(this.url, () => this.session.token ?? '');
    // Stopped (signed out) while the client was loading: this connection is never started.
    if (!this.wanted) throw new Error('hub stopped');
    connection.on(RECEIVE_MESSAGE, (message: OrderChangeMessage) => this.receive(message));
    connection.onreconnecting(() => this.setState('reconnecting'));
    connection.onreconnected(() => {
      this.setState('live');
      this.emit({ kind: 'reconnected' });
    });
    // Closed for good (the server refused a reconnect): start afresh while still wanted.
    connection.onclose(() => {
      if (connection === this.connection) this.retryLater();
    });
    this.connection = connection;
    return connection;
  }

  private retryLater(): void {
    if (!this.wanted) return;
    this.setState('reconnecting');
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => void this.start(), HUB_RECONNECT_DELAY_MS);
  }
}
