import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublicConfigStore } from '../../src/app/session/PublicConfigStore';
import { sharedMemoryTabs } from '../../src/app/session/tab-bus';
import { VersionCheck } from '../../src/app/session/VersionCheck';
import { memoryStorage, StorageKeys } from '../../src/app/storage';
import { CACHE_DEFAULT_MAX_AGE_MS, VERSION_CHECK_INTERVAL_MS } from '../../src/domain/constants';
import { withRealServer } from '../helpers/real-server';
import { closeTabs, freshServer, openTab, SESSION_FAKE_TIMERS } from './support/session-tabs';

/** The build and the public configuration as the server is started with (readConfig's variables). */
const BUILD = 'build-1';
const real = withRealServer({
  env: {
    BUILD_HASH: BUILD,
    ENVIRONMENT: 'test',
    FEATURE_TERM_CLOSE_OF_FULFILLED_BOOKING: 'true',
    FEATURE_INTERNAL_RESERVATION_COMMENTS: 'false',
    FEATURE_PENDING_QUEUE_CONTACT_INFO: 'true',
  },
});
const calls = (prefix: string) => real.server.requests(prefix);
/** A deployment while the tab is open: the real server's hash is fixed for its life. */
const newBuild = () => real.server.faults([{ path: '/api/version', status: 200, body: { hash: 'build-2' } }]);
/** The version call failing (the real one cannot be made to). */
const versionFails = () =>
  real.server.faults([{ path: '/api/version', status: 500, body: { statusCode: 500, message: 'Down' } }]);

beforeEach(async () => {
  await freshServer(real.server);
  vi.useFakeTimers(SESSION_FAKE_TIMERS);
});
afterEach(async () => {
  await closeTabs();
  vi.useRealTimers();
});

/** A version check over the real api client, its reloads and log lines recorded. */
function versionCheck() {
  const { root } = openTab(real.server, sharedMemoryTabs());
  const logged: string[] = [];
  let reloads = 0;
  const check = new VersionCheck(
    root.api,
    () => reloads++,
    (message) => logged.push(message),
  );
  return { root, check, logged, reloads: () => reloads };
}

/** Fires the interval's check and waits for its answer. */
async function nextInterval(check: VersionCheck) {
  const spy = vi.spyOn(check, 'check');
  vi.advanceTimersByTime(VERSION_CHECK_INTERVAL_MS);
  expect(spy).toHaveBeenCalledTimes(1);
  await spy.mock.results[0]?.value;
  spy.mockRestore();
}

describe('version check (SPEC §4 Version check, §8)', () => {
  it('asks at start and then every VERSION_CHECK_INTERVAL_MS, with a timestamp query', async () => {
    const { check } = versionCheck();
    await check.start();
    expect(await calls('/api/version')).toHaveLength(1);
    vi.advanceTimersByTime(VERSION_CHECK_INTERVAL_MS - 1);
    expect(await calls('/api/version')).toHaveLength(1);
    await nextInterval(check);
    expect(await calls('/api/version')).toHaveLength(2);
    expect((await calls('/api/version'))[1]?.url).toMatch(/^\/api\/version\?t=\d+$/);
    check.stop();
  });

  it('the same hash again: nothing happens', async () => {
    const { check, reloads } = versionCheck();
    await check.start();
    await nextInterval(check);
    expect(check.newVersion).toBe(false);
    expect(reloads()).toBe(0);
    check.stop();
  });

  it('a new hash: the New Version dialog opens, and OK reloads', async () => {
    const { check, reloads } = versionCheck();
    await check.start();
    await newBuild();
    await nextInterval(check);
    expect(check.newVersion).toBe(true);
    expect(reloads()).toBe(0); // not before the user has read the dialog
    check.acknowledge();
    expect(reloads()).toBe(1);
  });

  it('a failed check is logged only: nothing shown, nothing reloaded, the known hash kept', async () => {
    const { root, check, logged, reloads } = versionCheck();
    await check.start();
    await versionFails();
    await nextInterval(check);
    expect(logged).toEqual(['[version check] failed']);
    expect(root.messages.messages).toEqual([]);
    expect(check.newVersion).toBe(false);
    await real.server.faults([]);
    await nextInterval(check);
    expect(check.newVersion).toBe(false);
    expect(reloads()).toBe(0);
    check.stop();
  });
});

describe('public UI configuration (SPEC §7)', () => {
  const store = (storage = memoryStorage()) => {
    const { root } = openTab(real.server, sharedMemoryTabs());
    return { storage, config: new PublicConfigStore(root.api, storage, 'test') };
  };

  it('loads with a dt timestamp, sets the feature flags from it and stores it locally', async () => {
    const { config, storage } = store();
    expect(config.flags.TermCloseOfFulfilledBooking).toBe(false);
    await config.load();
    expect((await calls('/api/public/config'))[0]?.url).toMatch(/^\/api\/public\/config\?dt=\d+$/);
    expect(config.environmentKey).toBe('test');
    expect(config.flags).toEqual({
      TermCloseOfFulfilledBooking: true,
      InternalReservationComments: false,
      PendingQueueContactInfo: true,
    });
    expect(JSON.parse(storage.getItem(StorageKeys.publicConfig) ?? '{}').value.EnvironmentKey).toBe('test');
  });

  it('uses the stored copy within CACHE_DEFAULT_MAX_AGE_MS and asks again after it', async () => {
    const storage = memoryStorage();
    await store(storage).config.load();
    vi.advanceTimersByTime(CACHE_DEFAULT_MAX_AGE_MS - 1);
    const again = store(storage).config;
    await again.load();
    expect(await calls('/api/public/config')).toHaveLength(1);
    expect(again.flags.PendingQueueContactInfo).toBe(true);
    vi.advanceTimersByTime(1);
    await store(storage).config.load();
    expect(await calls('/api/public/config')).toHaveLength(2);
  });

  it("ignores a stored copy of another environment's configuration", async () => {
    const storage = memoryStorage();
    storage.setItem(
      StorageKeys.publicConfig,
      JSON.stringify({
        storedAt: Date.now(),
        value: {
          EnvironmentKey: 'other',
          FeatureFlags: {
            TermCloseOfFulfilledBooking: false,
            InternalReservationComments: true,
            PendingQueueContactInfo: false,
          },
        },
      }),
    );
    const { config } = store(storage);
    await config.load();
    expect(await calls('/api/public/config')).toHaveLength(1);
    expect(config.flags.InternalReservationComments).toBe(false);
  });
});
