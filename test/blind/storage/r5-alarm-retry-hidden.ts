// Violates: "An alarm counts as set if it has not started, or if it failed and its retry has not begun (getAlarm returns its time)."
// Misreading: a failed alarm is retried by the runtime, but it is no longer the object's alarm:
// while the retry waits, getAlarm() answers null.
import { blindVariant, override } from './support.js';

export default blindVariant('r5-alarm-retry-hidden', {
  backend: 'kv',
  view: (storage, { internals }) => override(storage, {
    getAlarm: async (options?: any) => {
      const time = await storage.getAlarm(options);
      const retry = internals.alarms?.retry as { time: number } | null | undefined;
      return retry && retry.time === time ? null : time;
    },
  }),
});
