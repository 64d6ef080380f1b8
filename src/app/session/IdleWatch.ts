import { action, makeObservable, observable } from 'mobx';
import { IDLE_BEFORE_WARNING_S, WARNING_COUNTDOWN_S, WATCH_RESTART_MS } from '../../domain/constants';

/** The progress bar moves once a second; a display detail, not a SPEC timing. */
const COUNTDOWN_TICK_MS = 1000;

/**
 * off: signed out. watching: counting idle time. warning: the Session Timeout Warning is open.
 * restarting: the user answered Yes; the watch starts again WATCH_RESTART_MS later (SPEC §4).
 */
export type IdleState = 'off' | 'watching' | 'warning' | 'restarting';

export interface IdleWatchHooks {
  /** The newest activity another tab reported (tab tracking), 0 when none. */
  otherTabsActivity(): number;
  /** Tells the other tabs about activity at once (the Yes answer). */
  shareActivity(at: number): void;
  /** SPEC §4: the natural-expiration flag is set false when the warning begins. */
  warningStarted(): void;
  /** SPEC §4: the countdown ran out. */
  expired(): void;
  /** SPEC §4: No logs the user out. */
  declined(): void;
}

/** SPEC §4 Idle: the inactivity watch, its warning and countdown. All times from SPEC §9. */
export class IdleWatch {
  state: IdleState = 'off';
  /** Whole seconds left in the warning's countdown. */
  secondsLeft = WARNING_COUNTDOWN_S;
  /** The last activity seen in this tab (ms). */
  lastActivity = 0;
  private warningStartedAt = 0;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private ticker: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly hooks: IdleWatchHooks) {
    makeObservable<IdleWatch, 'tick' | 'check'>(this, {
      state: observable,
      secondsLeft: observable,
      start: action,
      stop: action,
      yes: action,
      no: action,
      tick: action,
      check: action,
    });
  }

  /** Starts (or restarts) the watch with activity now. */
  start(): void {
    this.clearTimers();
    this.state = 'watching';
    this.lastActivity = Date.now();
    this.schedule(IDLE_BEFORE_WARNING_S * 1000, () => this.check());
  }

  stop(): void {
    this.clearTimers();
    this.state = 'off';
  }

  /** Mouse, key, touch or scroll in this tab. Cheap: called for every such event. */
  activity(now = Date.now()): void {
    if (this.state === 'watching') this.lastActivity = now;
  }

  /** Yes: the session goes on; the watch restarts WATCH_RESTART_MS later. */
  yes(): void {
    if (this.state !== 'warning') return;
    this.clearTimers();
    this.state = 'restarting';
    this.hooks.shareActivity(Date.now());
    this.schedule(WATCH_RESTART_MS, () => this.start());
  }

  /** No: the user signs out. */
  no(): void {
    if (this.state !== 'warning') return;
    this.stop();
    this.hooks.declined();
  }

  /** Idle time so far, counting activity in every tab of this browser. */
  idleMs(now = Date.now()): number {
    return now - Math.max(this.lastActivity, this.hooks.otherTabsActivity());
  }

  private check(): void {
    const remaining = IDLE_BEFORE_WARNING_S * 1000 - this.idleMs();
    if (remaining > 0) {
      this.schedule(remaining, () => this.check());
      return;
    }
    this.state = 'warning';
    this.warningStartedAt = Date.now();
    this.secondsLeft = WARNING_COUNTDOWN_S;
    this.hooks.warningStarted();
    this.schedule(WARNING_COUNTDOWN_S * 1000, () => this.expire());
    this.ticker = setInterval(() => this.tick(), COUNTDOWN_TICK_MS);
  }

  private tick(): void {
    // Yes in another tab (or work there) ends this tab's warning too.
    if (this.hooks.otherTabsActivity() >= this.warningStartedAt) {
      this.start();
      return;
    }
    const left = WARNING_COUNTDOWN_S * 1000 - (Date.now() - this.warningStartedAt);
    this.secondsLeft = Math.max(0, Math.ceil(left / 1000));
  }

  private expire(): void {
    this.stop();
    this.hooks.expired();
  }

  private schedule(ms: number, fn: () => void): void {
    this.timers.push(setTimeout(fn, ms));
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
  }
}
