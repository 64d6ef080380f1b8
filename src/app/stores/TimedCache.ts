import { CACHE_DEFAULT_MAX_AGE_MS } from '../../domain/constants';
import { CACHE_KEY_MISSING_TEXT } from '../../domain/messages';

interface Entry {
  value: unknown;
  storedAt: number;
}

/**
 * SPEC §4 Lookups / §8: a small in-memory cache. A key read with a source is fetched when absent
 * or older than its max age; a key read without a source must be present and fresh, otherwise the
 * read fails with 'Requested key is not available in Cache'.
 */
export class TimedCache {
  private entries = new Map<string, Entry>();
  private inFlight = new Map<string, Promise<unknown>>();

  constructor(private readonly now: () => number = Date.now) {}

  async get<T>(key: string, source?: () => Promise<T>, maxAgeMs = CACHE_DEFAULT_MAX_AGE_MS): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && this.now() - entry.storedAt < maxAgeMs) return entry.value as T;
    if (!source) throw new Error(CACHE_KEY_MISSING_TEXT);
    // Two readers of the same missing key share one request.
    const pending = this.inFlight.get(key) ?? this.fill(key, source);
    return (await pending) as T;
  }

  set(key: string, value: unknown): void {
    this.entries.set(key, { value, storedAt: this.now() });
  }

  clear(): void {
    this.entries.clear();
  }

  private fill<T>(key: string, source: () => Promise<T>): Promise<T> {
    const pending = source()
      .then((value) => {
        this.set(key, value);
        return value;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, pending);
    return pending;
  }
}
