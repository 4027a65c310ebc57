// Violates: "An alarm counts as set if it has not started, or if it failed and its retry has not
// begun (getAlarm returns its time)", with "Restore state: ... deleteAll does not delete alarms;
// deleteAlarm does" (only deleteAlarm removes a set alarm; a restart keeps storage).
// Misreading: the alarm the object set is stored, but a retry is the running scheduler's: a
// restart while a retry is pending forgets it (getAlarm() answers null, and it never runs).
import { blindVariant } from './support.js';

export default blindVariant('alarm-retry-lost-on-restart', {
  backend: 'kv',
  object: (object, { runtime, internals }) => ({
    ...object,
    restart: async () => {
      const scheduler = internals.alarms;
      const retry = scheduler.retry as { time: number } | null;
      await object.restart();
      if (retry === null) return;
      scheduler.retry = null;
      if ((await runtime.storage.getAlarm()) === retry.time) await runtime.storage.deleteAlarm();
    },
  }),
});
