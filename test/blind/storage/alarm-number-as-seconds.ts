// Violates: "setAlarm | time: Date or number (ms since epoch), options?" and "Alarm | a single scheduled time per object, integer milliseconds since epoch".
// Misreading: a number given to setAlarm is a Unix time in seconds (a Date is taken as it is).
import { blindVariant, override } from './support.js';

export default blindVariant('alarm-number-as-seconds', {
  backend: 'kv',
  view: (storage) => override(storage, {
    setAlarm: (time: any, options?: any) => storage.setAlarm(typeof time === 'number' ? time * 1000 : time, options),
  }),
});
