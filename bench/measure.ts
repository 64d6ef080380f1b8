/** Timing helpers shared by the benchmarks: figures only, never assertions. */
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU seconds (user + system) process `pid` has used so far, from /proc/<pid>/stat; 0 once it is gone. */
export function cpuSeconds(pid: number): number {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return 0;
  }
  const fields = stat.split(') ')[1]?.split(' ') ?? [];
  // After "pid (comm) ": state is field 0, utime field 11, stime field 12.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/**
 * CPU seconds every PostgreSQL process of this machine has used so far, keyed by pid: the
 * backends come and go, so a difference is taken per pid (postgresSpentSince).
 */
export function postgresCpu(): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres')
        found.set(Number(entry), cpuSeconds(Number(entry)));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** What PostgreSQL's processes spent between two readings (a backend that ended counts until it ended). */
export function postgresSpentSince(before: ReadonlyMap<number, number>): number {
  let spent = 0;
  for (const [pid, now] of postgresCpu()) spent += now - (before.get(pid) ?? 0);
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
