/**
 * Issue 30 §1: the database's own limit for a booking, moving with the code. The real server runs
 * once with `bench/pg-trace.mjs` loaded, books a few times to warm up, and the statements of one
 * more booking (and of its mail, sent by the outbox after the commit) are read from the trace. They
 * become a pgbench script: the same SQL text in the same order, with the same parameters, where
 * what differs between bookings is a pgbench variable (the customer, the Idempotency-Key, the ids
 * an earlier statement returned). pgbench then runs that script with prepared statements, one
 * client per customer, beside the server's run: the server's bookings/s over pgbench's
 * transactions/s is the figure the goal is set on (≥ 0.8).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServerProcess } from './server-process';

export interface TracedStatement {
  connection: number;
  text: string;
  params: (string | null)[];
  rowCount: number;
  first: Record<string, unknown> | null;
  error?: string;
}

/** A value that differs per pgbench client or transaction: `value` is what the traced booking sent. */
export interface Varying {
  name: string;
  value: string;
  /** pgbench meta-commands that set :name for each transaction (e.g. `\set key random(1, 1e18)`). */
  set: string[];
  /** What stands in the SQL for it, when not `:name` (an expression of pgbench variables). */
  sql?: string;
}

/**
 * The traced booking's statements: `submit` is called once per booking against the server's
 * address; the first `warmUps` are not traced (caches, prepared schemas), the next is, along with
 * whatever its commit sets off within `settleMs` (the mail outbox).
 */
export async function traceBooking(
  env: Record<string, string>,
  submit: (address: string, turn: number, traced: boolean) => Promise<void>,
  { warmUps = 5, settleMs = 1500 } = {},
): Promise<TracedStatement[]> {
  const dir = mkdtempSync(join(tmpdir(), 'brr-pg-trace-'));
  const file = join(dir, 'statements.jsonl');
  writeFileSync(file, '');
  const server = await startServerProcess({ ...env, PG_TRACE_FILE: file }, [
    '--import',
    resolve('bench/pg-trace.mjs'),
  ]);
  try {
    for (let turn = 0; turn < warmUps; turn++) await submit(server.address, turn, false);
    await new Promise((r) => setTimeout(r, settleMs));
    const before = readFileSync(file, 'utf8').length;
    await submit(server.address, warmUps, true);
    await new Promise((r) => setTimeout(r, settleMs));
    return readFileSync(file, 'utf8')
      .slice(before)
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TracedStatement);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Returned columns whose values later statements may send back: ids and numbers. */
const isKeyColumn = (column: string) => /(^id$|_ids?$|number|^yy$)/.test(column);

/**
 * The pgbench script of the traced statements, and the `-D` definitions of its constants. A
 * parameter becomes: a varying value's variable, else a value an earlier statement returned
 * (that statement gets `\aset`), else the returned id zero-padded behind a constant (a booking
 * number), else a constant passed with -D (the same text the server sent).
 */
export function pgbenchScript(
  statements: readonly TracedStatement[],
  varying: readonly Varying[],
): { script: string; defines: string[] } {
  const lines: string[] = varying.flatMap((v) => v.set);
  const defines: string[] = [];
  const defaults: string[] = [];
  const byValue = new Map(varying.map((v) => [v.value, v.sql ?? `:${v.name}`]));
  const returned = new Map<string, string>();
  const gsets = new Set<number>();
  const commands: { text: string; index: number }[] = [];
  for (const [index, statement] of statements.entries()) {
    if (statement.error) throw new Error(`traced statement failed: ${statement.error}\n${statement.text}`);
    const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => {
      const value = statement.params[Number(n) - 1] ?? null;
      if (value === null) return 'NULL';
      const known = byValue.get(value) ?? returned.get(value);
      if (known) {
        const from = /:s(\d+)_/.exec(known);
        if (from) gsets.add(Number(from[1]));
        return known;
      }
      for (const [id, variable] of returned) {
        const padded = id.padStart(6, '0');
        if (value.endsWith(padded) && value.length > padded.length && /^\d+$/.test(id)) {
          const prefix = `c${index}_${n}`;
          defines.push(`${prefix}=${value.slice(0, -padded.length)}`);
          gsets.add(Number(/:s(\d+)_/.exec(variable)?.[1]));
          return `(:${prefix} || lpad(${variable}::text, 6, '0'))`;
        }
      }
      const name = `c${index}_${n}`;
      defines.push(`${name}=${value}`);
      return `:${name}`;
    });
    commands.push({ text, index });
    if (statement.rowCount === 1 && statement.first)
      for (const [column, value] of Object.entries(statement.first)) {
        if (!isKeyColumn(column) || value === null) continue;
        // An array of ids (an order's insert returns its bookings' ids): each element by its place.
        const elements = Array.isArray(value)
          ? value.map((v, i) => [String(v), `(:s${index}_${column}::integer[])[${i + 1}]`] as const)
          : typeof value === 'object'
            ? []
            : [[String(value), `:s${index}_${column}`] as const];
        for (const [text, variable] of elements) if (!returned.has(text)) returned.set(text, variable);
        // What a statement that returns no row under concurrency (the outbox's claim) leaves behind.
        if (elements.length > 0)
          defaults.push(
            `s${index}_${column}=${Array.isArray(value) ? `{${value.join(',')}}` : String(value)}`,
          );
      }
  }
  for (const { text, index } of commands) {
    const body = text.trim().replace(/;\s*$/, '');
    // \aset, not \gset: a claim may return no row, or several, when many clients run it.
    lines.push(gsets.has(index) ? `${body} \\aset s${index}_` : `${body};`);
  }
  defines.push(...defaults.filter((d) => gsets.has(Number(/^s(\d+)_/.exec(d)?.[1]))));
  return { script: `${lines.join('\n')}\n`, defines };
}

export interface PgbenchRun {
  tps: number;
  latencyMs: number;
  transactions: number;
  failed: number;
}

/** pgbench's `-D name=value` arguments for the script's variables (the bench's run, and BENCH_BOOKING_SCRIPT's file). */
export const defineArgs = (script: { defines: readonly string[] }): string[] =>
  script.defines.flatMap((d) => ['-D', d]);

/** pgbench with `clients` connections for `seconds`, prepared statements (-M prepared) unless told. */
export function runPgbench(
  databaseUrl: string,
  script: { script: string; defines: string[] },
  clients: number,
  seconds: number,
  mode: 'prepared' | 'extended' = 'prepared',
): Promise<PgbenchRun> {
  const dir = mkdtempSync(join(tmpdir(), 'brr-pgbench-'));
  const file = join(dir, 'booking.sql');
  writeFileSync(file, script.script);
  const args = [
    '-n',
    '-M',
    mode,
    '-c',
    String(clients),
    '-j',
    '2',
    '-T',
    String(seconds),
    '-f',
    file,
    // BENCH_PGBENCH_REPORT=1: pgbench's latency of each statement, printed after its run.
    ...(process.env.BENCH_PGBENCH_REPORT ? ['-r'] : []),
    ...defineArgs(script),
    databaseUrl,
  ];
  return new Promise((done, fail) =>
    execFile('pgbench', args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      rmSync(dir, { recursive: true, force: true });
      if (error) return fail(new Error(`pgbench failed: ${stderr || error.message}`));
      if (process.env.BENCH_PGBENCH_REPORT)
        console.log(
          stdout
            .split('\n')
            .filter((line) => /^\s+[\d.]+\s+\d+\s+\S/.test(line))
            .map((line) => line.slice(0, 160))
            .join('\n'),
        );
      const number = (pattern: RegExp) => Number(pattern.exec(stdout)?.[1] ?? Number.NaN);
      done({
        tps: number(/tps = ([\d.]+)/),
        latencyMs: number(/latency average = ([\d.]+) ms/),
        transactions: number(/number of transactions actually processed: (\d+)/),
        failed: number(/number of failed transactions: (\d+)/) || 0,
      });
    }),
  );
}
