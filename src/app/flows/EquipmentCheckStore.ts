import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable } from 'mobx';
import { isChassisIdFormat, normalizeChassisId } from '../../domain/equipment';
import type { EquipmentVerdict } from '../../schemas/lookup';
import { CHASSIS_CHECK_MAX } from '../../schemas/pool-redelivery';
import { checkEquipment } from '../api/flows';

/** Waits this long after the last keystroke before asking the server about typed chassis IDs. */
export const EQUIPMENT_CHECK_PAUSE_MS = 600;

/**
 * A verdict older than this is asked again when the ID is checked next: orders placed meanwhile
 * change it (a chassis just put on a redelivery is no longer free to list).
 */
export const VERDICT_MAX_AGE_MS = 60_000;

/**
 * Server verdicts on chassis IDs (unknown, not on hire, another provider's, already on a
 * redelivery…), by check URL and normalised ID: each flow's check judges differently. Only
 * well-formed IDs not yet checked are sent, at most CHASSIS_CHECK_MAX per call (SPEC §5: 300 at a
 * time for validation), the calls of one paste side by side; the format is judged locally.
 */
export class EquipmentCheckStore {
  readonly verdicts = observable.map<string, EquipmentVerdict>();
  readonly checking = observable.set<string>();
  /** Check URLs whose last call failed (the widget says so and offers to try again). */
  readonly failed = observable.set<string>();
  private readonly checkedAt = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: AxiosInstance,
    private readonly pauseMs = EQUIPMENT_CHECK_PAUSE_MS,
    private readonly now: () => number = Date.now,
  ) {
    makeObservable(this, { check: action, clear: action });
  }

  private static key(url: string, id: string): string {
    return `${url} ${id}`;
  }

  /**
   * Where verdicts are kept: the check URL, and what else the call sends (an edited order's id: its
   * own chassis are not "already on a redelivery" to it), since that changes the verdicts.
   */
  static scope(url: string, extra: Readonly<Record<string, unknown>> = {}): string {
    return Object.keys(extra).length === 0 ? url : `${url} ${JSON.stringify(extra)}`;
  }

  verdictFor(
    input: string,
    url = '/api/lookup/equipment',
    extra: Readonly<Record<string, unknown>> = {},
  ): EquipmentVerdict | undefined {
    return isChassisIdFormat(input)
      ? this.verdicts.get(
          EquipmentCheckStore.key(EquipmentCheckStore.scope(url, extra), normalizeChassisId(input)),
        )
      : undefined;
  }

  isChecking(
    input: string,
    url = '/api/lookup/equipment',
    extra: Readonly<Record<string, unknown>> = {},
  ): boolean {
    return (
      isChassisIdFormat(input) &&
      this.checking.has(
        EquipmentCheckStore.key(EquipmentCheckStore.scope(url, extra), normalizeChassisId(input)),
      )
    );
  }

  /** Whether the last call of this check failed (the widget says so and offers to try again). */
  hasFailed(url: string, extra: Readonly<Record<string, unknown>> = {}): boolean {
    return this.failed.has(EquipmentCheckStore.scope(url, extra));
  }

  /** Checks the IDs once typing pauses; a newer call replaces a waiting one. */
  schedule(url: string, inputs: readonly string[], extra: Readonly<Record<string, unknown>> = {}): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.check(url, inputs, extra);
    }, this.pauseMs);
  }

  /** Checks now (a paste): the verdicts show as soon as each call answers. */
  checkNow(
    url: string,
    inputs: readonly string[],
    extra: Readonly<Record<string, unknown>> = {},
  ): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.check(url, inputs, extra);
  }

  async check(
    url: string,
    inputs: readonly string[],
    extra: Readonly<Record<string, unknown>> = {},
  ): Promise<void> {
    const scope = EquipmentCheckStore.scope(url, extra);
    const key = (id: string) => EquipmentCheckStore.key(scope, id);
    const fresh = (id: string) =>
      this.now() - (this.checkedAt.get(key(id)) ?? Number.NEGATIVE_INFINITY) < VERDICT_MAX_AGE_MS;
    const ids = [...new Set(inputs.filter(isChassisIdFormat).map(normalizeChassisId))].filter(
      (id) => !(this.verdicts.has(key(id)) && fresh(id)) && !this.checking.has(key(id)),
    );
    if (ids.length === 0) return;
    this.failed.delete(scope);
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += CHASSIS_CHECK_MAX) batches.push(ids.slice(i, i + CHASSIS_CHECK_MAX));
    for (const id of ids) this.checking.add(key(id));
    await Promise.all(
      batches.map(async (batch) => {
        try {
          const results = await checkEquipment(this.api, url, batch, extra);
          action(() => {
            for (const v of results)
              if (v.ChassisId) {
                this.verdicts.set(key(v.ChassisId), v);
                this.checkedAt.set(key(v.ChassisId), this.now());
              }
          })();
        } catch {
          // the api client has shown the message; the widget offers to try again
          action(() => this.failed.add(scope))();
        } finally {
          action(() => {
            for (const id of batch) this.checking.delete(key(id));
          })();
        }
      }),
    );
  }

  /** Verdicts depend on who asks (on hire to *your* company) and change as orders are placed. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.verdicts.clear();
    this.checkedAt.clear();
    this.failed.clear();
  }
}
