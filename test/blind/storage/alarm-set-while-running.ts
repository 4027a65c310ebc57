// Violates: "An alarm counts as set if it has not started, or if it failed and its retry has not begun (getAlarm returns its time)."
// Misreading: the alarm is cleared once its handler has finished, so getAlarm() inside a running
// handler still answers the running alarm's time.
import { blindVariant } from './support.js';

export default blindVariant('alarm-set-while-running', {
  backend: 'kv',
  patch: ({ internals }) => {
    const scheduler = internals.alarms;
    // The reference's runOnce, with the alarm deleted after the handler instead of before it.
    scheduler.runOnce = async function runOnce(this: any): Promise<boolean> {
      const now = () => this.host.clock.now();
      let started = null as number | null;
      try {
        await this.host.deliver(async (storage: any) => {
          const time = await storage.getAlarm();
          if (time === null || time > now()) return;
          started = time;
          await this.handler(storage, { now: now() });
          if ((await storage.getAlarm()) === time) await storage.deleteAlarm();
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
