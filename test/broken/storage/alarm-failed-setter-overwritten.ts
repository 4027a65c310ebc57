// Misreading: when the handler fails, the retry is scheduled over whatever alarm the handler set
// before it failed (getAlarm() answers the retry's time), but the timer of the alarm the handler
// set survives: the handler runs at that time too.

import { ObjectRuntime } from '../../../reference-impl/storage/index.js';
import { patchedRuntime } from './wrap.js';

export default patchedRuntime('alarm-failed-setter-overwritten', (runtime: ObjectRuntime) => {
  const scheduler = (runtime as unknown as { alarms: { scheduleRetry(failedTime: number): Promise<void>; host: ObjectRuntime } }).alarms;
  const timers: number[] = [];
  const original = scheduler.scheduleRetry.bind(scheduler);
  scheduler.scheduleRetry = async (failedTime: number) => {
    const set = await runtime.deliver((storage) => storage.getAlarm());
    if (set !== null && set !== failedTime) {
      // The handler's alarm: its timer is kept, the stored alarm becomes the retry.
      timers.push(set);
      await runtime.deliver((storage) => storage.deleteAlarm());
    }
    await original(failedTime);
  };
  const advance = runtime.advanceClock.bind(runtime);
  runtime.advanceClock = async (ms: number) => {
    const target = runtime.clock.now() + ms;
    for (const time of [...timers].sort((a, b) => a - b)) {
      if (time > target) break;
      timers.splice(timers.indexOf(time), 1);
      await advance(Math.max(0, time - runtime.clock.now()));
      // The surviving timer fires: the alarm runs at its time whatever getAlarm() says.
      const current = await runtime.deliver((storage) => storage.getAlarm());
      await runtime.deliver((storage) => storage.setAlarm(time));
      await advance(0);
      if (current !== null && current > runtime.clock.now()) await runtime.deliver((storage) => storage.setAlarm(current));
    }
    await advance(Math.max(0, target - runtime.clock.now()));
  };
});
