/**
 * Deterministic randomness and time for the demo data set: the same seed gives the same rows on
 * every run, so tests, screenshots and bug reports can name a chassis or a booking code and find it.
 * Never Math.random or the clock.
 */

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day the demo data stands on: SEED_DAY (YYYY-MM-DD: a test or a bug report that needs one
 * given day's rows) or today in UTC. The same day gives the same rows; another day gives the same
 * shape moved with it, so the default 90-day search never thins out as the months go by.
 */
export function seedDay(env: string | undefined = process.env.SEED_DAY): string {
  if (env === undefined || env === '') return new Date().toISOString().slice(0, 10);
  const parsed = Date.parse(`${env}T00:00:00Z`);
  if (!DAY_PATTERN.test(env) || Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 10) !== env)
    throw new Error(`SEED_DAY wants a day as YYYY-MM-DD, got ${JSON.stringify(env)}`);
  return env;
}

/**
 * Every date in the demo data is relative to this instant, 00:00 UTC of the seed day (history
 * goes back ~18 months). Nothing is created or changed after it, so nothing lies in the future.
 */
export const ANCHOR = new Date(`${seedDay()}T00:00:00Z`);
export const ANCHOR_MS = ANCHOR.getTime();
export const DAY_MS = 86_400_000;
/** How far back the booking history reaches. */
export const HISTORY_DAYS = 548;

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for demo data, fully reproducible. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Rng {
  readonly #next: () => number;

  constructor(seed: number) {
    this.#next = mulberry32(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.#next();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.#next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.#next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.#next() * items.length)] as T;
  }

  /** Picks by weight: [[value, weight], …]. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.#next() * total;
    for (const [value, weight] of entries) {
      r -= weight;
      if (r < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [T, number])[0];
  }

  /** A new array with `count` distinct items (or all of them, shuffled, if fewer). */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.#next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, Math.max(0, count));
  }

  /** Two decimals, e.g. a fee or a daily rate. */
  money(min: number, max: number): number {
    return Math.round((min + this.#next() * (max - min)) * 100) / 100;
  }
}

/** An instant `days` (fractional allowed) before the anchor; negative days lie ahead of it. */
export const daysBeforeAnchor = (days: number): Date => new Date(ANCHOR_MS - Math.round(days * DAY_MS));

/** ISO timestamp text, which both PostgreSQL and PGlite accept for timestamptz. */
export const iso = (d: Date): string => d.toISOString();

/** A date column value ('YYYY-MM-DD'). */
export const isoDate = (d: Date): string => d.toISOString().slice(0, 10);

/**
 * An instant at a working hour (05:00–20:00 UTC) between `fromDaysAgo` and `toDaysAgo` days before
 * the seed day; day 0 is the day before it, so the instant is always before the anchor.
 */
export function randomInstant(rng: Rng, fromDaysAgo: number, toDaysAgo: number): Date {
  const day = rng.int(Math.min(fromDaysAgo, toDaysAgo), Math.max(fromDaysAgo, toDaysAgo));
  const minutes = rng.int(5 * 60, 20 * 60);
  return new Date(ANCHOR_MS - (day + 1) * DAY_MS + minutes * 60_000);
}

/** An instant (ms) held at the anchor at the latest: a recent order's follow-up is not in the future. */
export const notAfterAnchor = (at: number): Date => new Date(Math.min(at, ANCHOR_MS));
