import type { HubConnection } from '@microsoft/signalr';
import { observable, runInAction } from 'mobx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type HubEvent, HubStore, RECEIVE_MESSAGE, retryEvery } from '../../src/app/hub/HubStore';
import { HUB_RECONNECT_DELAY_MS } from '../../src/domain/constants';
import type { OrderChangeMessage } from '../../src/schemas/dashboard';
import { withRealServer } from '../helpers/real-server';
import { cancellableRow } from './support/dashboard-app';

/**
 * A connection whose outcome each test decides, so HubStore's own rules (first-start retries,
 * state, sign-out) can be followed step by step with fake timers.
 */
function scriptedConnection() {
  const handlers = new Map<string, (arg: unknown) => void>();
  const on = {
    reconnecting: [] as Array<() => void>,
    reconnected: [] as Array<() => void>,
    close: [] as Array<() => void>,
  };
  const outcomes: Array<'ok' | 'fail'> = [];
  const connection = {
    starts: 0,
    stops: 0,
    on: (name: string, fn: (arg: unknown) => void) => handlers.set(name, fn),
    onreconnecting: (fn: () => void) => on.reconnecting.push(fn),
    onreconnected: (fn: () => void) => on.reconnected.push(fn),
    onclose: (fn: () => void) => on.close.push(fn),
    start: () => {
      connection.starts++;
      return outcomes.shift() === 'fail' ? Promise.reject(new Error('refused')) : Promise.resolve();
    },
    stop: () => {
      connection.stops++;
      return Promise.resolve();
    },
  };
  return {
    connection,
    outcomes,
    invoke: (name: string, arg: unknown) => handlers.get(name)?.(arg),
    fire: (event: keyof typeof on) => {
      for (const fn of on[event]) fn();
    },
  };
}

const message: OrderChangeMessage = {
  Change: 'cancelled',
  BookingOrderId: 7,
  StatusCode: 'CN',
  ChangedAt: '2026-11-21T10:00:00.000Z',
  Rows: [],
};

describe('HubStore', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('retries a failed first start every 3 s, and goes live when the server answers', async () => {
    vi.useFakeTimers();
    const s = scriptedConnection();
    s.outcomes.push('fail', 'fail', 'ok');
    const session = observable({ token: 'token' as string | null });
    const hub = new HubStore('/api/dashboard/hub', session, () => s.connection as unknown as HubConnection);
    const events: HubEvent[] = [];
    hub.subscribe((e) => events.push(e));

    hub.connect();
    hub.connect(); // a second page asking changes nothing
    await vi.advanceTimersByTimeAsync(0);
    expect(s.connection.starts).toBe(1);
    expect(hub.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(HUB_RECONNECT_DELAY_MS - 1);
    expect(s.connection.starts).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(s.connection.starts).toBe(2);
    await vi.advanceTimersByTimeAsync(HUB_RECONNECT_DELAY_MS);
    expect(s.connection.starts).toBe(3);
    expect(hub.state).toBe('live');
    expect(events).toEqual([]); // the first success is no comeback

    s.invoke(RECEIVE_MESSAGE, message);
    s.invoke(RECEIVE_MESSAGE, { nonsense: true });
    expect(events).toEqual([{ kind: 'message', message }]);

    s.fire('reconnecting');
    expect(hub.state).toBe('reconnecting');
    s.fire('reconnected');
    expect(hub.state).toBe('live');
    expect(events.at(-1)).toEqual({ kind: 'reconnected' });

    // Closed for good by the server: start afresh after the delay.
    s.fire('close');
    expect(hub.state).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(HUB_RECONNECT_DELAY_MS);
    expect(s.connection.starts).toBe(4);
    expect(hub.state).toBe('live');
    expect(events.at(-1)).toEqual({ kind: 'reconnected' });

    // Sign-out (here or in another tab) stops it, and nothing retries afterwards.
    runInAction(() => {
      session.token = null;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.connection.stops).toBe(1);
    expect(hub.state).toBe('offline');
    await vi.advanceTimersByTimeAsync(HUB_RECONNECT_DELAY_MS * 3);
    expect(s.connection.starts).toBe(4);
    hub.connect();
    expect(s.connection.starts).toBe(4); // signed out: no connection
  });

  it('asks the client to reconnect after 3 s however many times it has tried (SPEC §9)', () => {
    for (const previousRetryCount of [0, 1, 4, 50])
      expect(
        retryEvery.nextRetryDelayInMilliseconds({
          previousRetryCount,
          elapsedMilliseconds: 0,
          retryReason: new Error(),
        }),
      ).toBe(HUB_RECONNECT_DELAY_MS);
  });
});

describe('HubStore with the real hub and the official client', { timeout: 90_000 }, () => {
  const real = withRealServer();

  it('connects with the session token and hears a cancel made by another session', async () => {
    const { detail } = await cancellableRow(real.server, 'demo.customer', { CreatedFrom: '2000-01-01' });
    const session = { token: await real.server.token('demo.customer') };
    const hub = new HubStore(`${real.server.url}/api/dashboard/hub`, session);
    const events: HubEvent[] = [];
    hub.subscribe((e) => events.push(e));
    try {
      hub.connect();
      await vi.waitFor(() => expect(hub.state).toBe('live'), { timeout: 15_000 });
      const res = await real.server.call('PUT', '/api/bookingorder/cancelOrder', {
        token: await real.server.token('demo.staff'),
        body: { BookingOrderId: detail.BookingOrderId },
      });
      expect(res.status, res.body.toString()).toBe(200);
      await vi.waitFor(() => expect(events).toHaveLength(1), { timeout: 15_000 });
      const event = events[0];
      expect(event?.kind).toBe('message');
      if (event?.kind !== 'message') return;
      expect(event.message).toMatchObject({ Change: 'cancelled', BookingOrderId: detail.BookingOrderId });
      expect(event.message.Rows.map((r) => r.BookingId).sort()).toEqual(
        detail.Bookings.map((b) => b.BookingId).sort(),
      );
      expect(new Set(event.message.Rows.map((r) => r.StatusName))).toEqual(new Set(['Cancelled']));
    } finally {
      await hub.stop();
    }
  });
});
