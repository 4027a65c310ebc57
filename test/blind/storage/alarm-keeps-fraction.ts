// Violates: "Alarm | a single scheduled time per object, integer milliseconds since epoch, or null when none"
// and "getAlarm | options? | Promise<number or null> (integer ms since epoch)".
// Misreading: the alarm keeps the time exactly as given, so getAlarm() answers a fractional
// number of milliseconds when one was set.
import { blindVariant, override } from './support.js';

export default blindVariant('alarm-keeps-fraction', {
  backend: 'kv',
  view: (storage, { state }) => override(storage, {
    setAlarm: (time: any, options?: any) => {
      const set = storage.setAlarm(time, options);
      state.exact = typeof time === 'number' ? time : undefined;
      return set;
    },
    deleteAlarm: (options?: any) => { state.exact = undefined; return storage.deleteAlarm(options); },
    getAlarm: async (options?: any) => {
      const time = await storage.getAlarm(options);
      return time !== null && state.exact !== undefined && Math.trunc(state.exact) === time ? state.exact : time;
    },
  }),
});
