import type { AxiosInstance } from 'axios';
import { action, makeObservable, observable } from 'mobx';
import { VERSION_CHECK_INTERVAL_MS } from '../../domain/constants';

/**
 * SPEC §4 Version check: GET /api/version?t= at start-up and every VERSION_CHECK_INTERVAL_MS.
 * The first hash seen is the version this page runs; a different one later means a new build
 * was deployed: the New Version dialog shows, and OK reloads the page. Failures are logged only
 * (SPEC §8).
 */
export class VersionCheck {
  knownHash: string | null = null;
  /** True once a new build is detected: the New Version dialog is open. */
  newVersion = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly api: AxiosInstance,
    private readonly reload: () => void,
    private readonly log: (message: string, error: unknown) => void = (m, e) => console.error(m, e),
  ) {
    makeObservable<VersionCheck, 'seen'>(this, { newVersion: observable, seen: action });
  }

  /** First check now, then on the interval. Resolves when the first check is done. */
  start(): Promise<void> {
    this.stop();
    this.timer = setInterval(() => void this.check(), VERSION_CHECK_INTERVAL_MS);
    return this.check();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async check(): Promise<void> {
    try {
      const res = await this.api.get<{ hash: string }>('/version', {
        params: { t: Date.now() },
        anonymous: true,
        silent: true,
      });
      const hash = res.data?.hash;
      if (typeof hash !== 'string' || !hash) throw new Error('the version answer carries no hash');
      this.seen(hash);
    } catch (e) {
      this.log('[version check] failed', e);
    }
  }

  /** OK in the New Version dialog. */
  acknowledge(): void {
    this.stop();
    this.reload();
  }

  private seen(hash: string): void {
    if (this.knownHash === null) this.knownHash = hash;
    else if (hash !== this.knownHash) {
      this.newVersion = true;
      this.stop();
    }
  }
}
