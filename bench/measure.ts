/** Timing helpers shared by the benchmarks: figures only, never assertions. */
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
