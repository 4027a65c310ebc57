// Violates: "getBookmarkForTime | timestamp: number or Date | Promise<string> | Approximate bookmark; the time must be within the last 30 days".
// Misreading: the 30 days bound only the past; a time in the future is "approximately" now and
// answers the current bookmark.
import { blindVariant, override } from './support.js';

export default blindVariant('pitr-future-time-accepted', {
  backend: 'sqlite',
  view: (storage, { runtime }) => override(storage, {
    getBookmarkForTime: async (time: any) => {
      const ms = time instanceof Date ? time.getTime() : time;
      if (typeof ms === 'number' && ms > runtime.clock.now()) return storage.getCurrentBookmark!();
      return storage.getBookmarkForTime!(time);
    },
  }),
});
