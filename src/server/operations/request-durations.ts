/**
 * Issue 29's `http_request_duration_seconds`, counted in plain cells and written out by this module
 * in Prometheus' text format (issue 30 §2). prom-client's Histogram validates, hashes and merges a
 * request's labels on every observation; here a request finds its cell by route, method and status
 * (three map lookups, no string built) and adds to it.
 */

interface Cell {
  /** `method="GET",route="/api/…",status_code="200"`, as the exposition writes them. */
  readonly labels: string;
  /** Observations per bucket, not yet cumulative; the last counts those above every bound. */
  readonly counts: number[];
  sum: number;
  count: number;
}

/** Prometheus' text format: a label value escapes backslash, double quote and newline. */
const labelValue = (value: string) => value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');

export class RequestDurations {
  readonly #bounds: readonly number[];
  /** route → method → status → cell. */
  readonly #cells = new Map<string, Map<string, Map<number, Cell>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    buckets: readonly number[],
  ) {
    this.#bounds = [...buckets].sort((a, b) => a - b);
  }

  record(method: string, route: string, status: number, seconds: number): void {
    const cell = this.#cells.get(route)?.get(method)?.get(status) ?? this.#newCell(method, route, status);
    let bucket = 0;
    while (bucket < this.#bounds.length && seconds > (this.#bounds[bucket] as number)) bucket++;
    cell.counts[bucket] = (cell.counts[bucket] as number) + 1;
    cell.sum += seconds;
    cell.count++;
  }

  /** The metric's lines in Prometheus' text format (version 0.0.4), as prom-client writes a histogram. */
  exposition(): string {
    const { name } = this;
    const lines = [`# HELP ${name} ${this.help}`, `# TYPE ${name} histogram`];
    for (const methods of this.#cells.values())
      for (const statuses of methods.values())
        for (const { labels, counts, sum, count } of statuses.values()) {
          let below = 0;
          this.#bounds.forEach((le, i) => {
            below += counts[i] as number;
            lines.push(`${name}_bucket{le="${le}",${labels}} ${below}`);
          });
          lines.push(
            `${name}_bucket{le="+Inf",${labels}} ${count}`,
            `${name}_sum{${labels}} ${sum}`,
            `${name}_count{${labels}} ${count}`,
          );
        }
    return lines.join('\n');
  }

  #newCell(method: string, route: string, status: number): Cell {
    const cell: Cell = {
      labels: `method="${labelValue(method)}",route="${labelValue(route)}",status_code="${status}"`,
      counts: new Array<number>(this.#bounds.length + 1).fill(0),
      sum: 0,
      count: 0,
    };
    const methods = this.#cells.get(route) ?? new Map<string, Map<number, Cell>>();
    const statuses = methods.get(method) ?? new Map<number, Cell>();
    statuses.set(status, cell);
    methods.set(method, statuses);
    this.#cells.set(route, methods);
    return cell;
  }
}
