/**
 * Issue 11 §3: every route of the OpenAPI document gets generated bad input — wrong types, missing
 * and extra fields, huge strings and arrays, deep nesting, `__proto__`/`constructor` keys, unicode
 * and control characters (NUL included), SQL and formula metacharacters, numbers beyond the
 * database's range, bad path and query parameters, wrong content types, empty and oversized
 * bodies. Every answer is a 4xx in the common error shape (or a 2xx), never a 5xx and never a cut
 * connection. Seeded: FUZZ_SEED=<n> replays a run; the seed is in every failure message.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/database';
import { bearer, startTestApp, type TestApp } from '../helpers/test-app';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
/** Cases per route beyond the fixed ones: with ~75 routes, a few thousand requests in all. */
const CASES_PER_ROUTE = 24;

type Schema = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  body: Schema | null;
  params: { in: 'path' | 'query' | 'header'; name: string; schema: Schema }[];
}

/** mulberry32: small, seedable, good enough to pick cases. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T };
}

const NASTY_STRINGS = [
  '',
  ' ',
  'x\u0000y',
  '\u0000',
  "' OR 1=1 --",
  "'; DROP TABLE bookings; --",
  '=HYPERLINK("http://evil.example","x")',
  "+cmd|' /C calc'!A0",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00%27',
  '\u202e\u0007\u001b[31m',
  '🚚'.repeat(50),
  '\ud800',
  'a'.repeat(10_000),
  '9999-12-31',
  '0000-00-00',
  '__proto__',
];
const NASTY_NUMBERS = [-1, 0, 1.5, 2_147_483_648, -2_147_483_649, 2 ** 53 + 1, 2 ** 63, 1e308, -1e308];
const deep = (levels: number): unknown => (levels === 0 ? 'x' : { a: deep(levels - 1) });

function resolve(schema: unknown, components: Record<string, Schema>): Schema {
  let node = (schema ?? {}) as Schema;
  for (let i = 0; i < 10 && typeof node.$ref === 'string'; i++)
    node = components[(node.$ref as string).split('/').pop() as string] ?? {};
  return node;
}

/** A value the schema probably accepts: the skeleton each mutation starts from. */
function sample(schema: unknown, components: Record<string, Schema>, depth = 0): unknown {
  const s = resolve(schema, components);
  if (depth > 6) return null;
  if (Array.isArray(s.enum)) return s.enum[0];
  if ('const' in s) return s.const;
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const)
    if (Array.isArray(s[key])) return sample((s[key] as unknown[])[0], components, depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, unknown>))
        out[k] = sample(v, components, depth + 1);
      return out;
    }
    case 'array':
      return [sample(s.items, components, depth + 1)];
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 1;
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'date') return '2026-11-02';
      if (s.format === 'date-time') return '2026-11-02T10:00:00Z';
      if (s.format === 'email') return 'fuzz@example.com';
      return 'FUZZ';
    default:
      return 'FUZZ';
  }
}

/** Leaf paths of a sampled value (objects and the first element of arrays). */
function paths(value: unknown, prefix: string[] = []): string[][] {
  if (Array.isArray(value)) return [prefix, ...paths(value[0], [...prefix, '0'])];
  if (value !== null && typeof value === 'object')
    return [prefix, ...Object.entries(value).flatMap(([k, v]) => paths(v, [...prefix, k]))];
  return [prefix];
}

function setAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string, ...string[]];
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...value]
    : { ...(value as Record<string, unknown>) };
  (copy as Record<string, unknown>)[head] = setAt((copy as Record<string, unknown>)[head], rest, replacement);
  return copy;
}

interface Case {
  what: string;
  url: string;
  payload?: string;
  contentType?: string;
}

function casesFor(op: Operation, components: Record<string, Schema>, seed: number): Case[] {
  const r = rng(seed);
  const urlFor = (values: Record<string, string> = {}, query = '') => {
    const path = op.path.replace(/\{(\w+)\}/g, (_, n: string) => values[n] ?? '1');
    return query ? `${path}?${query}` : path;
  };
  const cases: Case[] = [];
  const json = (what: string, body: unknown) =>
    cases.push({ what, url: urlFor(), payload: JSON.stringify(body), contentType: 'application/json' });

  for (const p of op.params.filter((p) => p.in === 'path'))
    for (const v of ['abc', '-1', '99999999999999999999', '%00', "1'--", 'a'.repeat(300)])
      cases.push({ what: `path ${p.name}=${v.slice(0, 20)}`, url: urlFor({ [p.name]: v }) });
  for (const p of op.params.filter((p) => p.in === 'query'))
    for (const v of ['%00', 'x%00y', '99999999999999999999', '-1', "'--", 'a'.repeat(2000)])
      cases.push({ what: `query ${p.name}=${v.slice(0, 20)}`, url: urlFor({}, `${p.name}=${v}`) });
  cases.push({ what: 'unknown query field', url: urlFor({}, '__proto__[x]=1&constructor=1') });

  if (op.body) {
    const base = sample(op.body, components);
    cases.push({ what: 'empty body', url: urlFor(), payload: '', contentType: 'application/json' });
    cases.push({ what: 'not JSON', url: urlFor(), payload: '{"a":', contentType: 'application/json' });
    cases.push({ what: 'text/plain', url: urlFor(), payload: 'hello', contentType: 'text/plain' });
    cases.push({
      what: 'form-encoded',
      url: urlFor(),
      payload: 'a=1',
      contentType: 'application/x-www-form-urlencoded',
    });
    for (const other of [[], 42, 'text', null, true]) json(`body ${JSON.stringify(other)}`, other);
    json('{}', {});
    json('extra field', { ...(base as object), Fuzz: 1 });
    cases.push({
      what: '__proto__ key',
      url: urlFor(),
      payload: `{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}`,
      contentType: 'application/json',
    });
    json('deep nesting', deep(200));
    json(
      'huge array',
      Array.from({ length: 20_000 }, () => 1),
    );
    const leaves = paths(base).filter((p) => p.length > 0);
    for (let i = 0; i < CASES_PER_ROUTE && leaves.length > 0; i++) {
      const at = r.pick(leaves);
      const kind = r.pick(['string', 'number', 'type', 'deep', 'array', 'null'] as const);
      const value =
        kind === 'string'
          ? r.pick(NASTY_STRINGS)
          : kind === 'number'
            ? r.pick(NASTY_NUMBERS)
            : kind === 'type'
              ? r.pick([{}, [], true, 'x', 7])
              : kind === 'deep'
                ? deep(60)
                : kind === 'array'
                  ? Array.from({ length: 5000 }, () => r.pick(NASTY_STRINGS.slice(0, 12)))
                  : null;
      json(`${at.join('.')} = ${kind}`, setAt(base, at, value));
    }
  }
  return cases;
}

/** Auth routes that end or lock the session run last, so the others keep a signed-in user. */
const lastOf = (op: Operation) =>
  op.path.includes('/logout')
    ? 3
    : op.path.startsWith('/api/auth/') || op.path.startsWith('/api/users')
      ? 2
      : 1;

describe.each(databaseKinds)('every route fuzzed on %s', (kind) => {
  let t: TestApp;
  let operations: Operation[] = [];
  let components: Record<string, Schema> = {};
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.ready();
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components?: { schemas?: Record<string, Schema> };
    };
    components = doc.components?.schemas ?? {};
    operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({
          method: method.toUpperCase(),
          path,
          body:
            (((op.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined)?.[
              'application/json'
            ]?.schema as Schema | undefined) ?? null,
          params: (op.parameters ?? []) as Operation['params'],
        })),
      )
      // The hub's negotiation is SignalR's, tested with the real client (tests/api/hub.test.ts).
      .filter((op) => !op.path.startsWith('/api/dashboard/hub'))
      .sort((a, b) => lastOf(a) - lastOf(b));
    tokens.staff = await t.tokenFor('demo.staff');
    tokens.customer = await t.tokenFor('demo.customer');
  }, 120_000);
  afterAll(() => t.close());

  it('answers every bad request with a 4xx in the error shape, never a 5xx', {
    timeout: 600_000,
  }, async () => {
    expect(operations.length).toBeGreaterThan(50);
    let sent = 0;
    const failures: string[] = [];
    for (const [index, op] of operations.entries()) {
      const cases = casesFor(op, components, SEED + index);
      for (const [i, c] of cases.entries()) {
        const who = i % 2 === 0 ? 'staff' : 'customer';
        let res: LightMyRequestResponse;
        try {
          res = await t.app.inject({
            method: op.method as 'GET',
            url: c.url,
            headers: {
              ...bearer(tokens[who] as string),
              ...(c.contentType ? { 'content-type': c.contentType } : {}),
            },
            ...(c.payload !== undefined ? { payload: c.payload } : {}),
          });
        } catch (err) {
          failures.push(`${op.method} ${op.path} [${c.what}] as ${who}: no answer (${String(err)})`);
          continue;
        }
        sent++;
        const where = `${op.method} ${c.url.slice(0, 80)} [${c.what}] as ${who} (FUZZ_SEED=${SEED})`;
        if (res.statusCode >= 500) failures.push(`${where}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          const body = (() => {
            try {
              return res.json() as { statusCode?: number; message?: unknown };
            } catch {
              return null;
            }
          })();
          if (body?.statusCode !== res.statusCode || typeof body.message !== 'string' || body.message === '')
            failures.push(`${where}: ${res.statusCode} not in the error shape: ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures, failures.slice(0, 40).join('\n')).toEqual([]);
    expect(sent).toBeGreaterThan(2000);
  });
});
