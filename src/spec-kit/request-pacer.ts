// Every request of a test worker waits its turn here. Three things can hold it back:
// - --max-rps: requests start at least 1000 / N ms apart (N divided among the workers);
// - a 429's retry-after: no request of the worker starts until it has run out;
// - the target's own rate limit, as its answers declare it (rate-limit-headers.ts): no request
//   is sent past the quota left in the window; the worker waits for the window to reset instead.
//   A quota is the target's for all of the run's workers together: each keeps to its share.
// A wait of more than a few seconds is said on the terminal (stderr), counting down, so that a run
// waiting out a target's window is seen to wait, not to hang.

import { readRateLimit } from './rate-limit-headers.js';

/** Waits longer than this are said on the terminal, with a countdown. */
const VISIBLE_WAIT_MS = 5_000;
/** How often a long wait says how long is left. */
const COUNTDOWN_EVERY_MS = 10_000;

/** Where long waits are told: one line each time (the worker's stderr reaches the terminal). */
export type WaitNotice = (line: string) => void;
const toStderr: WaitNotice = (line) => { process.stderr.write(`${line}\n`); };

interface Quota { remaining: number; resetAt: number; why: string }

export class RequestPacer {
  private next = 0;
  private heldUntil = 0;
  private heldWhy = '';
  private quota: Quota | undefined;
  private inFlight = 0;
  /** Until when a wait already being told runs: the other waiters of the worker wait silently. */
  private toldUntil = 0;

  /**
   * `share`: the part of a target's declared quota this worker may use (1 / the run's workers);
   * `notice`: where long waits are told.
   */
  constructor(private readonly maxRps?: number, private readonly share = 1, private readonly notice: WaitNotice = toStderr) {}

  /** No request starts for `ms` from now (a 429's retry-after); `why` is said if the wait is long. */
  hold(ms: number, why = 'the target answered 429'): void {
    if (Date.now() + ms > this.heldUntil) { this.heldUntil = Date.now() + ms; this.heldWhy = why; }
  }

  /**
   * Resolves when a request may start: at least 1000 / maxRps ms after the one before, by the
   * clock at the moment it starts, after any hold, and while the target's quota has room. Many
   * specs wait at once, and a timer fires late on a busy machine: a slot is taken only when its
   * time has really come (one waiter at a time, the others wait again), never reserved ahead, so
   * late timers cannot start a burst. Each turn taken must be followed by `answered`.
   */
  async turn(): Promise<void> {
    for (let now = Date.now(); now < this.startAt(now); now = Date.now()) await this.wait(this.startAt(now) - now);
    if (this.maxRps) this.next = Date.now() + 1000 / this.maxRps;
    if (this.quota) this.quota.remaining--;
    this.inFlight++;
  }

  /** A request that had its turn got its answer (or none: `headers` undefined); what it says of the quota is kept. */
  answered(headers?: { get(name: string): string | null }): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (headers) this.observe(headers);
  }

  private observe(headers: { get(name: string): string | null }): void {
    const signal = readRateLimit(headers);
    const now = Date.now();
    if (signal.remaining !== undefined) {
      const resetSeconds = signal.resetSeconds ?? signal.windowSeconds ?? 60;
      // This worker's share of what is left, less its requests still unanswered (the target may
      // not have counted them yet): counted on the safe side.
      this.quota = {
        remaining: Math.floor(signal.remaining * this.share) - this.inFlight,
        resetAt: now + resetSeconds * 1000,
        why: `the target's rate limit (Ratelimit: ${signal.remaining} left, reset in ${resetSeconds} s)`,
      };
    } else if (signal.quota !== undefined && signal.windowSeconds !== undefined && (this.quota === undefined || now >= this.quota.resetAt)) {
      // A policy alone: the worker counts its own requests in a window of the policy's length,
      // from this answer on (this request and those unanswered already used some of it).
      this.quota = {
        remaining: Math.floor(signal.quota * this.share) - this.inFlight - 1,
        resetAt: now + signal.windowSeconds * 1000,
        why: `the target's rate limit (Ratelimit-Policy: ${signal.quota} per ${signal.windowSeconds} s)`,
      };
    }
  }

  private startAt(now: number): number {
    if (this.quota && now >= this.quota.resetAt) this.quota = undefined;
    const quotaWait = this.quota && this.quota.remaining <= 0 ? this.quota.resetAt : 0;
    return Math.max(this.heldUntil, this.maxRps ? this.next : 0, quotaWait);
  }

  /** Sleeps `ms`; a long sleep is told, counting down, with why. */
  private async wait(ms: number): Promise<void> {
    const now = Date.now();
    if (ms <= VISIBLE_WAIT_MS || now + ms <= this.toldUntil) return sleep(ms);
    this.toldUntil = now + ms;
    const why = this.heldUntil > now ? this.heldWhy : this.quota?.why ?? 'the target';
    this.notice(`specgate: waiting ${Math.ceil(ms / 1000)} s for ${why}; no request is sent meanwhile`);
    for (let left = ms; left > 0; left -= COUNTDOWN_EVERY_MS) {
      await sleep(Math.min(left, COUNTDOWN_EVERY_MS));
      if (left > COUNTDOWN_EVERY_MS) this.notice(`specgate: ${Math.ceil((left - COUNTDOWN_EVERY_MS) / 1000)} s left`);
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
