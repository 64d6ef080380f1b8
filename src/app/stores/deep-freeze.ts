/**
 * SPEC §4 Reset: shared state (lookups, configuration, session data) is held immutable. Values
 * are deep-frozen where they enter a store, so a widget that sorts a lookup list in place or edits
 * a row throws a TypeError at that line (modules run in strict mode) instead of quietly changing
 * what every other screen shows.
 */

/** Freezes `value` and everything reachable from it; returns it typed read-only. */
export function deepFreeze<T>(value: T, seen = new WeakSet<object>()): DeepReadonly<T> {
  if (value !== null && typeof value === 'object' && !seen.has(value)) {
    seen.add(value); // cycles end here; an already frozen object still has its children frozen
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key], seen);
  }
  return value as DeepReadonly<T>;
}

/** Whether `value` and everything reachable from it is frozen (what the tests check). */
export function isDeepFrozen(value: unknown, seen = new WeakSet<object>()): boolean {
  if (value === null || typeof value !== 'object' || seen.has(value)) return true;
  seen.add(value);
  if (!Object.isFrozen(value)) return false;
  return Reflect.ownKeys(value).every((key) =>
    isDeepFrozen((value as Record<PropertyKey, unknown>)[key], seen),
  );
}

export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer E)[]
    ? readonly DeepReadonly<E>[]
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;
