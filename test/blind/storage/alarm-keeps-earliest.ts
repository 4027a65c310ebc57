// Violates: "alarm set | setAlarm(time) | | alarm set | Time replaced" and "Alarm | a single scheduled time per object".
// Misreading: an object has one alarm, the earliest it was asked for: setAlarm() of a later time
// while one is set leaves the earlier one.
import { blindVariant, override } from './support.js';

export default blindVariant('alarm-keeps-earliest', {
  backend: 'kv',
  view: (storage) => override(storage, {
    setAlarm: async (time: any, options?: any) => {
      const ms = time instanceof Date ? time.getTime() : time;
      const current = await storage.getAlarm();
      if (current !== null && typeof ms === 'number' && current <= ms) return;
      return storage.setAlarm(time, options);
    },
  }),
});
