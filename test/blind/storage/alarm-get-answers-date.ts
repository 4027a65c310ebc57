// Violates: "getAlarm | options? | Promise<number or null> (integer ms since epoch)".
// Misreading: setAlarm takes a Date, so getAlarm gives one back (a Date, or null when none).
import { blindVariant, override } from './support.js';

export default blindVariant('alarm-get-answers-date', {
  backend: 'kv',
  view: (storage) => override(storage, {
    getAlarm: async (options?: any) => {
      const time = await storage.getAlarm(options);
      return time === null ? null : new Date(time);
    },
  }),
});
