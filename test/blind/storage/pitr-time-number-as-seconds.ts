// Violates: "getBookmarkForTime | timestamp: number or Date | ... a number is read as a date-from-milliseconds".
// Misreading: a number is a Unix timestamp in seconds (a Date is taken as it is).
import { blindVariant, override } from './support.js';

export default blindVariant('pitr-time-number-as-seconds', {
  backend: 'sqlite',
  view: (storage) => override(storage, {
    getBookmarkForTime: (time: any) => storage.getBookmarkForTime!(typeof time === 'number' ? time * 1000 : time),
  }),
});
