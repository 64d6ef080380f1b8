import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable } from 'mobx';
import { CHASSIS_LIST_MAX } from '../../domain/constants';
import { isChassisIdFormat, normalizeChassisId } from '../../domain/equipment';
import type { EquipmentVerdict } from '../../schemas/lookup';
import { checkEquipment } from '../api/flows';

/** Waits this long after the last keystroke before asking the server about typed chassis IDs. */
export const EQUIPMENT_CHECK_PAUSE_MS = 600;

/**
 * Server verdicts on chassis IDs (unknown, not on hire, another provider's), by normalised ID.
 * Only well-formed IDs not yet checked are sent; the format is judged locally as the user types.
 */
export class EquipmentCheckStore {
  readonly verdicts = observable.map<string, EquipmentVerdict>();
  readonly checking = observable.set<string>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: AxiosInstance,
    private readonly pauseMs = EQUIPMENT_CHECK_PAUSE_MS,
  ) {
    makeObservable(this, { check: action, clear: action });
  }

  verdictFor(input: string): EquipmentVerdict | undefined {
    return isChassisIdFormat(input) ? this.verdicts.get(normalizeChassisId(input)) : undefined;
  }

  /** Checks the IDs once typing pauses; a newer call replaces a waiting one. */
  schedule(url: string, inputs: readonly string[]): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.check(url, inputs);
    }, this.pauseMs);
  }

  async check(url: string, inputs: readonly string[]): Promise<void> {
    const ids = [...new Set(inputs.filter(isChassisIdFormat).map(normalizeChassisId))].filter(
      (id) => !this.verdicts.has(id) && !this.checking.has(id),
    );
    for (let i = 0; i < ids.length; i += CHASSIS_LIST_MAX) {
      const batch = ids.slice(i, i + CHASSIS_LIST_MAX);
      for (const id of batch) this.checking.add(id);
      try {
        const results = await checkEquipment(this.api, url, batch);
        action(() => {
          for (const v of results) if (v.ChassisId) this.verdicts.set(v.ChassisId, v);
        })();
      } catch {
        // shown by the api client; the submit checks the same IDs again
      } finally {
        action(() => {
          for (const id of batch) this.checking.delete(id);
        })();
      }
    }
  }

  /** Verdicts depend on who asks (on hire to *your* company): forgotten on sign-out. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.verdicts.clear();
  }
}
