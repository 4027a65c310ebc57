// Violates: "getBookmarkForTime | timestamp: number or Date | Promise<string> | ... a number is
// read as a date-from-milliseconds".
// Misreading: the timestamp is a number of milliseconds (the sentence says how a number is read),
// so a Date is refused with a TypeError.
import { blindVariant, override } from './support.js';

export default blindVariant('pitr-time-date-refused', {
  backend: 'sqlite',
  view: (storage) => override(storage, {
    getBookmarkForTime: (timestamp: any) => (timestamp instanceof Date
      ? Promise.reject(new TypeError('getBookmarkForTime() expects a number of milliseconds since the epoch, got a Date.'))
      : storage.getBookmarkForTime!(timestamp)),
  }),
});
