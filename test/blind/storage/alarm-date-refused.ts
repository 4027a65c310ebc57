// Violates: "setAlarm | time: Date or number (ms since epoch), options? | Promise".
// Misreading: the alarm is a number of milliseconds, so setAlarm() refuses a Date.
import { blindVariant, override } from './support.js';

export default blindVariant('alarm-date-refused', {
  backend: 'kv',
  view: (storage) => override(storage, {
    setAlarm: async (time: any, options?: any) => {
      if (time instanceof Date) throw new TypeError('setAlarm() expects a number of milliseconds since the epoch.');
      return storage.setAlarm(time, options);
    },
  }),
});
