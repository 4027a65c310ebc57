// Alarms on the object's virtual clock. Alarm runs are events like any other (delivered through
// the input gate); one runs at a time. A failed run is retried at now + 2 s * 2^(attempt - 1),
// up to 6 retries, and the pending retry is the alarm getAlarm() reports.

import type { VirtualClock } from '../clock.js';
import type { AlarmHandler } from '../../contract/storage.js';
import type { ObjectEvent } from './event-storage.js';

const MAX_RETRIES = 6;
const FIRST_RETRY_DELAY_MS = 2000;
/** Guards against a handler that keeps setting alarms in the past. */
const MAX_RUNS_PER_CHECK = 1000;

export interface AlarmHost {
  readonly clock: VirtualClock;
  deliver<T>(event: ObjectEvent<T>): Promise<T>;
}

interface PendingRetry {
  time: number;
  retriesDone: number;
}

export class AlarmScheduler {
  private queue: Promise<void> = Promise.resolve();
  private retry: PendingRetry | null = null;

  constructor(private readonly host: AlarmHost, private readonly handler: AlarmHandler) {}

  /** Something may have become due (an alarm was written, the object restarted): run it soon. */
  poke(): void {
    setImmediate(() => {
      this.exclusive(() => this.runDue()).catch(() => {});
    });
  }

  /** Moves the clock forward, running each alarm at its time on the way; resolves when done. */
  advance(ms: number): Promise<void> {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      return Promise.reject(new TypeError(`advance() expects a non-negative number of milliseconds, got ${String(ms)}.`));
    }
    const target = this.host.clock.now() + ms;
    return this.exclusive(async () => {
      for (let run = 0; run < MAX_RUNS_PER_CHECK; run++) {
        // Stryker disable next-line ObjectLiteral,BooleanLiteral: equivalent, the read is this event's only operation: without allowConcurrency its input-gate lock only holds the next event back by one turn of the event loop, and the clock is virtual
        const next = await this.host.deliver((storage) => storage.getAlarm({ allowConcurrency: true }));
        if (next === null || next > target) break;
        this.host.clock.moveTo(next);
        if (!(await this.runOnce())) break;
      }
      this.host.clock.moveTo(target);
      await this.runDue();
    });
  }

  private async runDue(): Promise<void> {
    for (let run = 0; run < MAX_RUNS_PER_CHECK && (await this.runOnce()); run++);
  }

  /** Runs the alarm if it is due. Answers whether it ran (successfully or not). */
  private async runOnce(): Promise<boolean> {
    const now = () => this.host.clock.now();
    let started = null as number | null;
    try {
      await this.host.deliver(async (storage) => {
        const time = await storage.getAlarm();
        if (time === null || time > now()) return;
        started = time;
        // From here the alarm is no longer "set"; a setAlarm in the handler sets a new one.
        await storage.deleteAlarm();
        await this.handler(storage, { now: now() });
      });
    } catch {
      // Failed before it started (the instance was reset): the reset pokes us again.
      if (started === null) return false;
      await this.scheduleRetry(started);
      return true;
    }
    if (started !== null) this.retry = null;
    return started !== null;
  }

  private async scheduleRetry(failedTime: number): Promise<void> {
    const retriesDone = this.retry?.time === failedTime ? this.retry.retriesDone : 0;
    const retryTime = retriesDone < MAX_RETRIES ? this.host.clock.now() + FIRST_RETRY_DELAY_MS * 2 ** retriesDone : null;
    this.retry = retryTime === null ? null : { time: retryTime, retriesDone: retriesDone + 1 };
    await this.host.deliver(async (storage) => {
      const current = await storage.getAlarm();
      // An alarm the handler set wins over the retry. Still `failedTime` means the run's own
      // deleteAlarm was lost in a reset.
      if (current !== null && current !== failedTime) return;
      await (retryTime === null ? storage.deleteAlarm() : storage.setAlarm(retryTime));
    });
  }

  private exclusive(work: () => Promise<void>): Promise<void> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => {});
    return run;
  }
}
