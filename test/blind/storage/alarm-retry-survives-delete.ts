// Violates: "alarm set | deleteAlarm() | | no alarm" with "An alarm counts as set if it has not
// started, or if it failed and its retry has not begun (getAlarm returns its time)".
// Misreading: deleteAlarm() deletes the alarm the object set; the retry of a failed alarm is the
// runtime's own business, so deleteAlarm() leaves a pending retry in place and it still runs.
import { blindVariant, override } from './support.js';

export default blindVariant('alarm-retry-survives-delete', {
  backend: 'kv',
  view: (storage, { internals }, caller) => (caller === 'alarm' ? storage : override(storage, {
    deleteAlarm: async (options?: any) => {
      const retry = internals.alarms.retry as { time: number } | null;
      if (retry !== null && (await storage.getAlarm()) === retry.time) return;
      return storage.deleteAlarm(options);
    },
  })),
});
