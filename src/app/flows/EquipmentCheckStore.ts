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

  verdictFor(input: string, url = '/api/lookup/equipment'): EquipmentVerdict | undefined {
    return isChassisIdFormat(input)
      ? this.verdicts.get(EquipmentCheckStore.key(url, normalizeChassisId(input)))
      : undefined;
  }

  isChecking(input: string, url = '/api/lookup/equipment'): boolean {
    return (
      isChassisIdFormat(input) && this.checking.has(EquipmentCheckStore.key(url, normalizeChassisId(input)))
    );
  }

  /** Checks the IDs once typing pauses; a newer call replaces a waiting one. */
  schedule(url: string, inputs: readonly string[]): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.check(url, inputs);
    }, this.pauseMs);
  }

  /** Checks now (a paste): the verdicts show as soon as each call answers. */
  checkNow(url: string, inputs: readonly string[]): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.check(url, inputs);
  }

  async check(url: string, inputs: readonly string[]): Promise<void> {
    const key = (id: string) => EquipmentCheckStore.key(url, id);
    const fresh = (id: string) =>
      this.now() - (this.checkedAt.get(key(id)) ?? Number.NEGATIVE_INFINITY) < VERDICT_MAX_AGE_MS;
    const ids = [...new Set(inputs.filter(isChassisIdFormat).map(normalizeChassisId))].filter(
      (id) => !(this.verdicts.has(key(id)) && fresh(id)) && !this.checking.has(key(id)),
    );
    if (ids.length === 0) return;
    this.failed.delete(url);
    const batches: string[][] = [];
    for (let i = 0; i < ids.length; i += CHASSIS_CHECK_MAX) batches.push(ids.slice(i, i + CHASSIS_CHECK_MAX));
    for (const id of ids) this.checking.add(key(id));
    await Promise.all(
      batches.map(async (batch) => {
        try {
          const results = await checkEquipment(this.api, url, batch);
          action(() => {
            for (const v of results)
              if (v.ChassisId) {
                this.verdicts.set(key(v.ChassisId), v);
                this.checkedAt.set(key(v.ChassisId), this.now());
              }
          })();
        } catch {
          // the api client has shown the message; the widget offers to try again
          action(() => this.failed.add(url))();
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
