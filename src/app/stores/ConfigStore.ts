import type { ClientConfig } from '../../schemas/configuration';
import { deepFreeze } from './deep-freeze';

/** GET ./config/config.json (SPEC §7): the environment configuration read at start-up. */
export type AppConfig = ClientConfig;

/** Holds the start-up configuration, deep-frozen (SPEC §4 Reset); it never changes while the page lives. */
export class ConfigStore {
  readonly config: AppConfig;

  constructor(config: AppConfig) {
    // A copy: the caller's object stays theirs to change (tests reuse one configuration).
    this.config = deepFreeze(structuredClone(config)) as AppConfig;
  }

  get apiBaseUrl(): string {
    return this.config.apiBaseUrl;
  }
}

/**
 * Fetches the configuration relative to the page, so the SPA works under any base path. The
 * request is index.html's preload of it, sent with the page's first scripts (issue 30 §3): so no
 * cache mode of its own here, which would not take the preload. The server answers it no-store.
 */
export async function fetchConfig(fetchFn: typeof fetch = fetch): Promise<AppConfig> {
  const res = await fetchFn('./config/config.json');
  if (!res.ok) throw new Error(`config.json: ${res.status} ${res.statusText}`);
  return (await res.json()) as AppConfig;
}
