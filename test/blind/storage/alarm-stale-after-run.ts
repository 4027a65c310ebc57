// Violates: "Alarm | a single scheduled time per object, integer milliseconds since epoch, or null when none"
// and "An alarm counts as set if it has not started, or if it failed and its retry has not begun (getAlarm returns its time)".
// Misreading: getAlarm() answers the time the alarm was set for until deleteAlarm() is called,
// even after it ran.
import { blindVariant, override } from './support.js';

export default blindVariant('alarm-stale-after-run', {
  backend: 'kv',
  view: (storage, { state }) => override(storage, {
    setAlarm: (time: any, options?: any) => {
      const set = storage.setAlarm(time, options);
      state.lastSet = Math.trunc(time instanceof Date ? time.getTime() : time);
      return set;
    },
    deleteAlarm: (options?: any) => { state.lastSet = null; return storage.deleteAlarm(options); },
    getAlarm: async (options?: any) => (await storage.getAlarm(options)) ?? state.lastSet ?? null,
  }),
});
