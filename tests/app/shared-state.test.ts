/**
 * SPEC §4 Reset: shared state (lookups, configuration, session data) is deep-frozen, so a widget
 * that mutates it fails loudly; one reset action clears the whole shared state. Lookups and the
 * session come from the real server (a child process on the run's seeded database).
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createFlowStore } from '../../src/app/flows/FlowPage';
import { deepFreeze, isDeepFrozen } from '../../src/app/stores/deep-freeze';
import type { RootStore } from '../../src/app/stores/RootStore';
import { resetSharedState } from '../../src/app/stores/shared-state';
import type { LocationRow } from '../../src/domain/lookups';
import { withRealServer } from '../helpers/real-server';
import { signedIn } from './support/dashboard-app';

describe('deepFreeze', () => {
  it('freezes every object reachable, through arrays and cycles, and leaves primitives alone', () => {
    const shared = { Name: 'Yard', Rows: [{ Id: 1, Tags: ['a'] }], Self: null as unknown };
    shared.Self = shared;
    expect(deepFreeze(shared)).toBe(shared);
    expect(isDeepFrozen(shared)).toBe(true);
    expect(() => shared.Rows[0]?.Tags.push('b')).toThrow(TypeError);
    expect(deepFreeze(7)).toBe(7);
    expect(deepFreeze(null)).toBeNull();
  });

  it('freezes the children of an object someone froze only shallowly', () => {
    const outer = Object.freeze({ inner: { n: 1 } });
    deepFreeze(outer);
    expect(Object.isFrozen(outer.inner)).toBe(true);
  });
});

describe('shared state on the real server', () => {
  const real = withRealServer();
  let root: RootStore;
  beforeAll(async () => {
    root = await signedIn(real.server, 'demo.customer');
  });

  it('holds lookups, configuration and session data deep-frozen: mutating them throws', async () => {
    root.lookups.loadAll(root.session.permissions);
    await vi.waitFor(() => expect(root.lookups.rows<LocationRow>('locations').length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    const locations = root.lookups.rows<LocationRow>('locations');
    expect(isDeepFrozen(locations)).toBe(true);
    // What a careless widget would do: sort the shared list in place, or rename a row.
    expect(() => (locations as LocationRow[]).sort((a, b) => b.LocationId - a.LocationId)).toThrow(TypeError);
    expect(() => {
      (locations[0] as LocationRow).LocationName = 'Changed';
    }).toThrow(TypeError);
    expect(root.lookups.rows<LocationRow>('locations')[0]?.LocationName).not.toBe('Changed');

    expect(isDeepFrozen(await root.lookups.uiConfiguration())).toBe(true);
    expect(isDeepFrozen(root.config.config)).toBe(true);
    expect(() => {
      (root.config.config as { apiBaseUrl: string }).apiBaseUrl = '/elsewhere';
    }).toThrow(TypeError);

    const details = await root.session.loadDetails();
    expect(details?.UserFullName).toBe('Casey Customer');
    expect(isDeepFrozen(details)).toBe(true);
    expect(isDeepFrozen(root.session.claims)).toBe(true);
  });

  it('the reset action clears lookups, caches, every flow, the dashboard, messages and dialogs', async () => {
    root.lookups.loadAll(root.session.permissions);
    await vi.waitFor(() => expect(root.lookups.datasets.size).toBeGreaterThan(0), { timeout: 10_000 });
    root.flows.customers.known.set(1, {
      CustomerId: 1,
      CustomerName: 'Demo',
      SCAC: 'DMCR',
      CustomerClass: 'MC',
      CustomerNameWithSCAC: 'Demo (DMCR)',
      GoodStanding: true,
      Active: true,
    });
    const create = () => createFlowStore(root, 'pool-booking');
    const flow = root.flows.get('pool-booking', create);
    flow.setData('Contact.ContactName', 'Casey');
    root.messages.showError({ message: 'Something failed', requestId: 'r-1' });
    const question = root.dialogs.confirm({ message: 'Leave?' });

    resetSharedState(root);

    expect(root.lookups.loaded).toBe(false);
    expect(root.lookups.datasets.size).toBe(0);
    expect(root.flows.customers.known.size).toBe(0);
    const fresh = root.flows.get('pool-booking', create);
    expect(fresh).not.toBe(flow);
    // A fresh flow: nothing typed survives (its contact starts as the user's own, issue 14).
    expect(fresh.dirty).toBe(false);
    expect((fresh.data.Contact as { ContactName?: string } | undefined)?.ContactName).not.toBe('Casey');
    expect(root.messages.messages).toEqual([]);
    expect(await question).toBe(false);
    expect(root.dialogs.current).toBeNull();
    expect(root.dashboard.rows).toEqual([]);
    expect(root.dashboardDetail.detail).toBeNull();
    // The session is not shared state: the user stays signed in.
    expect(root.session.isSignedIn).toBe(true);
  });
});
