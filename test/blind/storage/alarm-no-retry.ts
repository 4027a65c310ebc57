// Violates: "An alarm counts as set if it has not started, or if it failed and its retry has not begun (getAlarm returns its time)."
// Misreading: a failed alarm is over, like a successful one: it is not retried, and getAlarm()
// answers null after it failed.
import { blindVariant } from './support.js';

export default blindVariant('alarm-no-retry', {
  backend: 'kv',
  patch: ({ internals }) => {
    const scheduler = internals.alarms;
    scheduler.scheduleRetry = async function scheduleRetry(this: any, failedTime: number): Promise<void> {
      this.retry = null;
      await this.host.deliver(async (storage: any) => {
        const current = await storage.getAlarm();
        if (current === null || current === failedTime) await storage.deleteAlarm();
      });
    };
  },
});
