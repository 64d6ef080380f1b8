/** Timing helpers shared by the benchmarks: figures only, never assertions. */
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ

/** The CPU fields of /proc/<pid>/stat in seconds: its own (user + system), and its reaped children's. */
function cpuOf(pid: number): { own: number; children: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // ended
  }
  const fields = stat.split(') ')[1]?.split(' ') ?? [];
  // After "pid (comm) ": state is field 0; utime, stime, cutime, cstime are fields 11–14.
  const seconds = (i: number) => Number(fields[i]) / CLOCK_TICKS_PER_SECOND;
  return { own: seconds(11) + seconds(12), children: seconds(13) + seconds(14) };
}

/** CPU seconds (user + system) process `pid` has used so far; 0 once it has ended. */
export const cpuSeconds = (pid: number): number => cpuOf(pid)?.own ?? 0;

/** A reading of PostgreSQL's CPU: each of its processes' own, and what the postmaster has reaped. */
export interface PostgresCpu {
  byPid: Map<number, number>;
  reaped: number;
}

/** Every PostgreSQL process of this machine, read now (backends come and go: see postgresSpentSince). */
export function postgresCpu(): PostgresCpu {
  const reading: PostgresCpu = { byPid: new Map(), reaped: 0 };
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue; // ended meanwhile
    }
    const cpu = comm === 'postgres' ? cpuOf(Number(entry)) : null;
    if (!cpu) continue;
    reading.byPid.set(Number(entry), cpu.own);
    reading.reaped += cpu.children;
  }
  return reading;
}

/**
 * What PostgreSQL's processes spent since `before`. A backend that ended meanwhile (pgbench's, at
 * its end) is in the postmaster's reaped children's time, whole: its part before `before` is taken
 * off again.
 */
export function postgresSpentSince(before: PostgresCpu): number {
  const now = postgresCpu();
  let spent = now.reaped - before.reaped;
  for (const [pid, seconds] of now.byPid) spent += seconds - (before.byPid.get(pid) ?? 0);
  for (const [pid, seconds] of before.byPid) if (!now.byPid.has(pid)) spent -= seconds;
  return spent;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

export interface Timing {
  p50: number;
  p95: number;
}

export async function measure(label: string, runs: number, fn: () => unknown): Promise<Timing> {
  await fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const timing = { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
  console.log(
    `${label.padEnd(52)} p50 ${timing.p50.toFixed(3)} ms  p95 ${timing.p95.toFixed(3)} ms  (n=${runs})`,
  );
  return timing;
}
