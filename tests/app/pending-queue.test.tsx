// @vitest-environment jsdom
/**
 * The pending queue in jsdom against the real server (a child process): the store's search and
 * decisions, the 5-minute cache of request types, failures and UI configuration, the central
 * handling of failed calls (SPEC §8) for search, validation, accept and inventory — and not for
 * reject — and the page with the contact-info feature flag on and off.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { pendingQueueStore } from '../../src/app/pending/PendingQueueStore';
import { CacheKeys } from '../../src/app/stores/LookupStore';
import type { RootStore } from '../../src/app/stores/RootStore';
import { CACHE_KEY_MISSING_TEXT, MessageType } from '../../src/domain/messages';
import type { PendingRequest, PendingSearchResponse } from '../../src/schemas/pending';
import { withRealApp } from './support/dashboard-app';
import { renderAppAt } from './support/flow-app';

const real = withRealApp();

/** Requests a test has decided: the next test picks others from the same database. */
const used = new Set<number>();

async function openRequests(user: 'demo.staff' = 'demo.staff'): Promise<PendingRequest[]> {
  const res = await real.server.call('POST', '/api/bookingpending/search', {
    token: await real.server.token(user),
    body: { BookingOrderTypeCode: 'PB', PageSize: 100 },
  });
  if (res.status !== 200) throw new Error(`search: ${res.status} ${res.body}`);
  return res.json<PendingSearchResponse>().ResultSet.filter((r) => !used.has(r.PendingRequestId));
}
async function pick(): Promise<PendingRequest> {
  const [r] = await openRequests();
  if (!r) throw new Error('the demo data has no open pool booking request left');
  used.add(r.PendingRequestId);
  return r;
}
const errors = (r: RootStore) => r.messages.messages.filter((m) => m.Type === MessageType.Error);

describe('the pending queue store', { timeout: 60_000 }, () => {
  it('reads request types, failures and the UI configuration through the 5-minute cache', async () => {
    const root = await real.signIn('demo.staff');
    const cache = root.lookups.cache;
    await expect(cache.get(CacheKeys.pendingRequestTypes)).rejects.toThrow(CACHE_KEY_MISSING_TEXT);
    const sent: string[] = [];
    root.api.interceptors.request.use((config) => {
      sent.push(String(config.url));
      return config;
    });
    const queue = pendingQueueStore(root);
    await queue.open();
    expect(queue.requestTypes.map((t) => t.Code)).toContain('OVER_THRESHOLD');
    expect(queue.failures.map((f) => f.Code)).toContain('NO_INVENTORY');
    expect(queue.minSearchTextLength).toBe(2);
    const cached = (await cache.get(CacheKeys.pendingRequestTypes)) as unknown[];
    expect(cached).toEqual(queue.requestTypes);
    expect(await cache.get(CacheKeys.pendingRequestFailures)).toEqual(queue.failures);
    expect(await cache.get(CacheKeys.uiConfiguration)).toEqual(queue.uiConfiguration);
    // A second read within 5 minutes asks the server nothing.
    await queue.loadCodes();
    expect(sent.filter((u) => u.includes('allRequestTypes'))).toHaveLength(1);
    expect(sent.filter((u) => u.includes('allRequestFailures'))).toHaveLength(1);
    expect(sent.filter((u) => u.includes('configuration/ui'))).toHaveLength(1);
    // And it searched the open queue, newest first.
    expect(queue.rows.length).toBeGreaterThan(0);
    expect(queue.rows.every((r) => r.Status === 'PENDING' || r.Status === 'VALIDATED')).toBe(true);
  });

  it('checks the customer text before asking the server', async () => {
    const root = await real.signIn('demo.staff');
    const q = pendingQueueStore(root);
    q.setField('CustomerName', 'x');
    expect(await q.search()).toBe(false);
    expect(q.formError).toBe('Customer must be at least 2 characters of its name or SCAC.');
  });

  it('validates, accepts and rejects one request or several, with an outcome per request', async () => {
    const root = await real.signIn('demo.staff');
    const q = pendingQueueStore(root);
    await q.open();
    const [a, b] = [await pick(), await pick()];
    const validated = await q.validate([a.PendingRequestId]);
    expect(validated.ok).toBe(true);
    expect(q.outcomes.get(a.PendingRequestId)?.Outcome).toBe('validated');
    q.setAcceptOverAvailability(true);
    const accepted = await q.accept([a.PendingRequestId, b.PendingRequestId]);
    if (!accepted.ok) throw new Error(accepted.message);
    expect(accepted.value.map((o) => o.Outcome)).toEqual(['accepted', 'accepted']);
    for (const o of accepted.value)
      for (const booking of o.Request?.Bookings ?? []) expect(booking.BookingCode).toMatch(/^PB\d{8}$/);
    const c = await pick();
    expect((await q.reject([c.PendingRequestId])).ok).toBe(false);
    expect(q.rejectError).toMatch(/Give a reason/);
    q.setRejectReason('Customer asked us to');
    const rejected = await q.reject([c.PendingRequestId]);
    expect(rejected.ok).toBe(true);
    expect(q.outcomes.get(c.PendingRequestId)?.Request?.Decision?.Reason).toBe('Customer asked us to');
    expect(errors(root)).toEqual([]);
  });

  it('shows failed search, validation, accept and inventory calls centrally and yields their message', async () => {
    const root = await real.signIn('demo.staff');
    const q = pendingQueueStore(root);
    const decided = await pick();
    q.setAcceptOverAvailability(true);
    expect((await q.accept([decided.PendingRequestId])).ok).toBe(true);
    expect(errors(root)).toEqual([]);

    q.setField('MarketCode', 'ZZZ');
    expect(await q.search()).toBe(false);
    // Said beside the list too (issue 25), besides the central message.
    expect(q.list.error).toBe('There is no market ZZZ: choose one from the list.');

    const validation = await q.validate([2_000_000_000]);
    expect(validation).toEqual({ ok: false, message: 'There is no pending request 2000000000.' });

    const accept = await q.accept([decided.PendingRequestId]);
    expect(accept.ok).toBe(false);
    if (accept.ok) return;
    expect(accept.message).toMatch(/already accepted by Dana Staff/);
    expect(q.outcomes.get(decided.PendingRequestId)?.Message).toBe(accept.message);

    const inventory = await q.checkInventory({ ...decided, MarketCode: 'ZZZ' });
    expect(inventory).toEqual({ ok: false, message: 'There is no market ZZZ: choose one from the list.' });

    const shown = errors(root);
    // The search's and the inventory check's words are the same: the later toast replaces the
    // earlier one (issue 25: toasts never stack stale copies).
    expect(q.list.error).toBe(inventory.ok ? '' : inventory.message);
    expect(shown.map((m) => m.Data)).toEqual([
      validation.ok ? '' : validation.message,
      accept.message,
      inventory.ok ? '' : inventory.message,
    ]);
    // Broadcast with the request id of each failed response.
    for (const m of shown) expect(m.requestId).toMatch(/.+/);
  });

  it('keeps a failed reject out of the central handling: shown beside the form, not broadcast', async () => {
    const root = await real.signIn('demo.staff');
    const q = pendingQueueStore(root);
    q.setRejectReason('Duplicate');
    const result = await q.reject([2_000_000_000]);
    expect(result).toEqual({ ok: false, message: 'There is no pending request 2000000000.' });
    expect(q.rejectError).toBe('There is no pending request 2000000000.');
    expect(errors(root)).toEqual([]);
  });

  it('answers the inventory check with every location of the market, zero rows included', async () => {
    const root = await real.signIn('demo.staff');
    const r = (await openRequests()).find((x) => x.MarketCode && x.Bookings[0]?.EquipmentClass);
    if (!r) throw new Error('no open pool request with a market and class');
    const result = await pendingQueueStore(root).checkInventory(r);
    if (!result.ok) throw new Error(result.message);
    expect(result.value.MarketCode).toBe(r.MarketCode);
    expect(result.value.Locations.length).toBeGreaterThan(0);
    expect(pendingQueueStore(root).inventory.get(r.PendingRequestId)).toEqual(result.value);
  });
});

describe('the pending queue page', { timeout: 90_000 }, () => {
  const openPage = async (r: RootStore) => {
    // What the app's start-up does (SessionBehaviour.start): the public configuration and its flags.
    await r.sessionBehaviour.publicConfig.load();
    renderAppAt('/pending_processing/request', r);
    await screen.findByRole('heading', { level: 1, name: 'Pending Queue' }, { timeout: 15_000 });
    return screen.findByRole('table', { name: 'Pending requests' }, { timeout: 15_000 });
  };

  it('lets staff select a request and reject it with a reason; the row shows who decided', async () => {
    const u = userEvent.setup();
    const root = await real.signIn('demo.staff');
    const table = await openPage(root);
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1), {
      timeout: 15_000,
    });
    const target = pendingQueueStore(root).rows.find((r) => !used.has(r.PendingRequestId)) as PendingRequest;
    used.add(target.PendingRequestId);
    // Contact info is on in this server's configuration.
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: 'Contact' })).toBeTruthy());
    await u.click(screen.getByLabelText(`Select request ${target.PendingRequestId}`));
    await u.type(screen.getByLabelText('Reason for rejection'), 'No stock this week');
    await u.click(screen.getByRole('button', { name: 'Reject' }));
    // Issue 25: it asks first, naming the order and the reason the contact is mailed.
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(`Order ${target.BookingOrderId}:`);
    expect(confirm.textContent).toContain('“No stock this week”');
    await u.click(within(confirm).getByRole('button', { name: 'Reject 1 request' }));
    const row = table.querySelector(`[data-request-id="${target.PendingRequestId}"]`) as HTMLElement;
    await within(row).findByText(
      `Pending request ${target.PendingRequestId} is rejected: its bookings are cancelled.`,
    );
    expect(within(row).getByText('Rejected by Dana Staff: No stock this week')).toBeTruthy();
    expect(within(row).getByText('Cancelled')).toBeTruthy();
    // Issue 25: the decision also answers with a toast, beside the row's own result.
    expect(root.messages.messages).toContainEqual(
      expect.objectContaining({
        Type: MessageType.Success,
        Data: `Pending request ${target.PendingRequestId} is rejected: its bookings are cancelled.`,
      }),
    );
  });

  it('shows demo.readonly the queue without the decisions', async () => {
    const root = await real.signIn('demo.readonly');
    const table = await openPage(root);
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1), {
      timeout: 15_000,
    });
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.getByText(/you can search the queue and look at each request, not decide it/)).toBeTruthy();
  });
});

describe('the pending queue page with contact info off', { timeout: 90_000 }, () => {
  const flagOff = withRealApp({ env: { FEATURE_PENDING_QUEUE_CONTACT_INFO: 'false' } });

  it('leaves out the contact column', async () => {
    const root = await flagOff.signIn('demo.staff');
    await root.sessionBehaviour.publicConfig.load();
    renderAppAt('/pending_processing/request', root);
    const table = await screen.findByRole('table', { name: 'Pending requests' }, { timeout: 15_000 });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1), {
      timeout: 15_000,
    });
    expect(root.sessionBehaviour.publicConfig.flags.PendingQueueContactInfo).toBe(false);
    expect(within(table).queryByRole('columnheader', { name: 'Contact' })).toBeNull();
    expect(
      pendingQueueStore(root).rows.every((r) => r.ContactName === null && r.EmailAddresses === null),
    ).toBe(true);
  });
});
