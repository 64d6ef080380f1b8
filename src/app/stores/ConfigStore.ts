/** GET ./config/config.json (SPEC §7): the environment configuration read at start-up. */
export interface AppConfig {
  apiBaseUrl: string;
  applicationCode: string;
  environment: string;
  customerSupportPhone: string;
  roadServicePhone: string;
  customerServiceUrl: string;
  appStoreUrl: string;
  playStoreUrl: string;
  privacyUrl: string;
  termsUrl: string;
  doNotSellUrl: string;
  securityAppUrl: string;
  ebmAppUrl: string;
}

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
