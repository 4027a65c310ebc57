// Violates: "When the alarm time is reached the object's alarm handler runs; timing granularity is milliseconds" (Events).
// Misreading: the scheduler wakes on whole seconds and runs every alarm due within the current
// second, so an alarm set for 12:00:00.900 runs at 12:00:00.000, before its time.
import { blindVariant } from './support.js';

export default blindVariant('r5-alarm-second-granularity', {
  backend: 'kv',
  patch: ({ internals }) => {
    const scheduler = internals.alarms;
    // The reference's runOnce, with the due check on the alarm's second instead of its millisecond.
    scheduler.runOnce = async function runOnce(this: any): Promise<boolean> {
      const now = () => this.host.clock.now();
      let started = null as number | null;
      try {
        await this.host.deliver(async (storage: any) => {
          const time = await storage.getAlarm();
          if (time === null || Math.floor(time / 1000) * 1000 > now()) return;
          started = time;
          await storage.deleteAlarm();
          await this.handler(storage, { now: now() });
        });
      } catch {
        if (started === null) return false;
        await this.scheduleRetry(started);
        return true;
      }
      if (started !== null) this.retry = null;
      return started !== null;
    };
  },
});
