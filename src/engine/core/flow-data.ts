/**
 * Plain-data helpers of the flow store: read and write dotted paths without mutating (the store
 * replaces its data object, so observers and RJSF see a new reference), and compare data by content.
 */

export type FlowData = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export function getPath(data: unknown, path: string): unknown {
  if (path === '') return data;
  return path
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      data,
    );
}

/** A copy of `data` with `value` at `path` (a top-level group or a dotted path into one). */
export function setPath(data: FlowData, path: string, value: unknown): FlowData {
  const [head = '', ...rest] = path.split('.');
  if (rest.length === 0) return { ...data, [head]: value };
  const child = data[head];
  if (Array.isArray(child) && /^\d+$/.test(rest[0] ?? '')) {
    const copy = [...child];
    const index = Number(rest[0]);
    copy[index] =
      rest.length === 1
        ? value
        : setPath(isRecord(copy[index]) ? copy[index] : {}, rest.slice(1).join('.'), value);
    return { ...data, [head]: copy };
  }
  return { ...data, [head]: setPath(isRecord(child) ? child : {}, rest.join('.'), value) };
}

/** The listed top-level groups of `data` (a step validates only the groups its schema owns). */
export const pick = (data: FlowData, keys: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(Object.entries(data).filter(([k]) => keys.includes(k)));

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => deepEqual(v, b[i]))
    );
  }
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]));
}

/** A random RFC 4122 version 4 id; getRandomValues works in every browser context and in Node. */
export function newUuid(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
