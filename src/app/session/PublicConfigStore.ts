import type { AxiosInstance } from 'axios';
import type { FromSchema } from 'json-schema-to-ts';
import { action, makeObservable, observableRef } from 'mobx';
import { CACHE_DEFAULT_MAX_AGE_MS } from '../../domain/constants';
import type { publicConfigResponseSchema } from '../../schemas/configuration';
import { type KeyValueStorage, StorageKeys } from '../storage';

export type PublicConfig = FromSchema<typeof publicConfigResponseSchema>;
export type FeatureFlags = PublicConfig['FeatureFlags'];

/** Every flag off until the configuration says otherwise. */
export const FEATURE_FLAGS_OFF: FeatureFlags = {
  TermCloseOfFulfilledBooking: false,
  InternalReservationComments: false,
  PendingQueueContactInfo: false,
};

interface Stored {
  storedAt: number;
  value: PublicConfig;
}

/**
 * SPEC §7: the public UI configuration (GET /api/public/config?dt=), cached and stored locally.
 * Its environment key initialises the feature flags: a stored copy of another environment's
 * configuration (say, a tester switching servers) is ignored. A stored copy younger than the
 * default max age (SPEC §9) is used without asking; an older one is used only while the server
 * cannot be reached.
 */
export class PublicConfigStore {
  config: PublicConfig | null = null;

  constructor(
    private readonly api: AxiosInstance,
    private readonly storage: KeyValueStorage,
    private readonly environment: string,
  ) {
    makeObservable<PublicConfigStore, 'use'>(this, { config: observableRef, use: action });
  }

  get flags(): FeatureFlags {
    return this.config?.FeatureFlags ?? FEATURE_FLAGS_OFF;
  }

  get environmentKey(): string | null {
    return this.config?.EnvironmentKey ?? null;
  }

  async load(now = Date.now()): Promise<PublicConfig | null> {
    const stored = this.readStored();
    if (stored && now - stored.storedAt < CACHE_DEFAULT_MAX_AGE_MS) {
      this.use(stored.value);
      return stored.value;
    }
    try {
      const res = await this.api.get<PublicConfig>('/public/config', {
        params: { dt: now },
        anonymous: true,
        silent: true,
      });
      this.storage.setItem(StorageKeys.publicConfig, JSON.stringify({ storedAt: now, value: res.data }));
      this.use(res.data);
      return res.data;
    } catch {
      if (stored) this.use(stored.value);
      return stored?.value ?? null;
    }
  }

  private readStored(): Stored | null {
    try {
      const stored = JSON.parse(this.storage.getItem(StorageKeys.publicConfig) ?? 'null') as Stored | null;
      if (!stored?.value?.FeatureFlags || stored.value.EnvironmentKey !== this.environment) return null;
      return stored;
    } catch {
      return null;
    }
  }

  private use(config: PublicConfig): void {
    this.config = config;
  }
}
