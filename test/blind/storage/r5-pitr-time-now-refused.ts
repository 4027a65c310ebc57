// Violates: "getBookmarkForTime | timestamp: number or Date | Promise<string> | Approximate bookmark; the time must be within the last 30 days".
// Misreading: "within the last 30 days" is a window of the past, which the present is not part of:
// a time of now (or later) is refused; getCurrentBookmark() is the bookmark of the present.
import { blindVariant, override } from './support.js';

export default blindVariant('r5-pitr-time-now-refused', {
  backend: 'sqlite',
  view: (storage, { runtime }) => override(storage, {
    getBookmarkForTime: async (timestamp: any) => {
      const ms = timestamp instanceof Date ? timestamp.getTime() : timestamp;
      if (typeof ms === 'number' && ms >= runtime.clock.now()) throw new RangeError('getBookmarkForTime(): the time must be in the past; use getCurrentBookmark().');
      return storage.getBookmarkForTime!(timestamp);
    },
  }),
});
