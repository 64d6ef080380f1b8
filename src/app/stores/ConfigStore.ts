import type { ClientConfig } from '../../schemas/configuration';

/** GET ./config/config.json (SPEC §7): the environment configuration read at start-up. */
export type AppConfig = ClientConfig;

/** Holds the start-up configuration; it never changes while the page lives. */
export class ConfigStore {
  constructor(readonly config: AppConfig) {}

  get apiBaseUrl(): string {
    return this.config.apiBaseUrl;
  }
}

/** Fetches the configuration relative to the page, so the SPA works under any base path. */
export async function fetchConfig(fetchFn: typeof fetch = fetch): Promise<AppConfig> {
  const res = await fetchFn('./config/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`config.json: ${res.status} ${res.statusText}`);
  return (await res.json()) as AppConfig;
}
