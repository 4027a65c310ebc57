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
/** How often a request waiting for the first answer that says whether the target limits looks again. */
const PROBE_POLL_MS = 5;

/** Where long waits are told: one line each time (the worker's stderr reaches the terminal). */
export type WaitNotice = (line: string) => void;
const toStderr: WaitNotice = (line) => { process.stderr.write(`${line}\n`); };

interface Quota { remaining: number; resetAt: number; why: string }
interface Policy { quota: number; windowMs: number }

export class RequestPacer {
  private next = 0;
  private heldUntil = 0;
  private heldWhy = '';
  private quota: Quota | undefined;
  /** The quota per window the target declared (Ratelimit-Policy), kept across windows. */
  private policy: Policy | undefined;
  /**
   * Whether the target's answers declare a rate limit: until one answer has said (and after a
   * window ran out with no policy to start the next from), one request at a time, so that a
   * worker's many waiting specs cannot burst past a quota nobody has read yet.
   */
  private signals: 'unknown' | 'none' | 'declared' = 'unknown';
  /**
   * When this worker's requests of the last policy window started. A target counts its quota in
   * windows of its own (a production account: fixed 5-minute windows); a worker that starts at
   * most its share in ANY span of a window's length keeps to its share of every window the target
   * counts, wherever the target's windows begin. What is left of one window cannot spill into
   * the next.
   */
  private started: number[] = [];
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
    if (this.policy) this.started.push(Date.now());
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
    if (signal.quota !== undefined && signal.windowSeconds !== undefined) this.policy = { quota: signal.quota, windowMs: signal.windowSeconds * 1000 };
    if (signal.remaining !== undefined || this.policy !== undefined) this.signals = 'declared';
    else if (this.signals === 'unknown') this.signals = 'none';
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
    if (this.quota && now >= this.quota.resetAt) this.nextWindow(now);
    const quotaWait = this.quota && this.quota.remaining <= 0 ? this.quota.resetAt : 0;
    // Nothing read of the target's limit yet: one request at a time until an answer says (a
    // waiter is woken again by the short poll below).
    const probing = this.signals === 'unknown' && this.inFlight > 0 ? now + PROBE_POLL_MS : 0;
    return Math.max(this.heldUntil, this.maxRps ? this.next : 0, quotaWait, probing, this.windowWait(now));
  }

  /** When this worker's share of the declared policy has room again in the span ending then. */
  private windowWait(now: number): number {
    if (!this.policy) return 0;
    // A request starts here and reaches the target a little later: a span a little longer than
    // the window, so that a late arrival cannot land in the next span the target counts.
    const span = this.policy.windowMs * 1.05 + 100;
    while (this.started.length > 0 && this.started[0]! <= now - span) this.started.shift();
    const share = Math.max(1, Math.floor(this.policy.quota * this.share));
    return this.started.length < share ? 0 : this.started[this.started.length - share]! + span;
  }

  /**
   * The window ran out: the next starts with this worker's share of the declared policy (less its
   * requests still unanswered), not with no limit at all, which would let every waiting spec start
   * at once; the next answers correct it. With no policy declared, the next answer must say.
   */
  private nextWindow(now: number): void {
    if (!this.policy) { this.quota = undefined; this.signals = 'unknown'; return; }
    this.quota = {
      remaining: Math.floor(this.policy.quota * this.share) - this.inFlight,
      resetAt: now + this.policy.windowMs,
      why: `the target's rate limit (Ratelimit-Policy: ${this.policy.quota} per ${this.policy.windowMs / 1000} s)`,
    };
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
