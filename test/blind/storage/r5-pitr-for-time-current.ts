// Violates: "getBookmarkForTime | timestamp: number or Date | Promise<string> | Approximate bookmark; the time must be within the last 30 days"
// with "Bookmark | ... marking a point in the object's history".
// Misreading: "approximate" taken loosely: the time is checked against the window, and the
// bookmark answered is the current one (the nearest point the runtime can name cheaply).
import { blindVariant, override } from './support.js';

export default blindVariant('r5-pitr-for-time-current', {
  backend: 'sqlite',
  view: (storage) => override(storage, {
    getBookmarkForTime: async (timestamp: any) => {
      await storage.getBookmarkForTime!(timestamp);
      return storage.getCurrentBookmark!();
    },
  }),
});
