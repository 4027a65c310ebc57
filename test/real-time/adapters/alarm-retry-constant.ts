// Misreading, on real time: a failed alarm handler is retried every 2 s (not with a backoff that
// doubles), 6 times. The reference runtime's retry scheduling, patched: each retry it schedules is
// moved to 2 s after the failed run.

import type { ObjectRuntime } from '../../../reference-impl/storage/index.js';
import { patchedRuntime } from '../../broken/storage/wrap.js';
import { inRealTime } from '../in-real-time.js';

const CONSTANT_DELAY_MS = 2000;

/** The parts of the reference's private alarm scheduler this misreading reaches into. */
interface Scheduler {
  retry: { time: number; retriesDone: number } | null;
  scheduleRetry(failedTime: number): Promise<void>;
}

function retryEvery2s(runtime: ObjectRuntime): void {
  const scheduler = (runtime as unknown as { alarms: Scheduler }).alarms;
  const scheduleRetry = scheduler.scheduleRetry.bind(scheduler);
  scheduler.scheduleRetry = async (failedTime) => {
    await scheduleRetry(failedTime);
    if (scheduler.retry === null) return;
    const time = runtime.clock.now() + CONSTANT_DELAY_MS;
    // The next failure is recognised as the same chain by the retry's time.
    scheduler.retry.time = time;
    await runtime.deliver((storage) => storage.setAlarm(time));
  };
}

export default inRealTime(patchedRuntime('alarm-retry-constant', retryEvery2s), 'rt-alarm-retry-constant');
