// Violates: "getBookmarkForTime | timestamp: number or Date | Promise<string> | Approximate
// bookmark; the time must be within the last 30 days" with "Bookmark | ... marking a point in the
// object's history" (the state at that time, not a later one).
// Misreading: "approximate" lets the bookmark be the first point recorded after the time (the
// next change), so a restore to it brings back the change made after the time.
import { blindVariant, override } from './support.js';

export default blindVariant('pitr-time-rounds-up', {
  backend: 'sqlite',
  view: (storage, { internals }) => override(storage, {
    getBookmarkForTime: async (timestamp: any) => {
      const asked = await storage.getBookmarkForTime!(timestamp); // the checks and errors of the reference
      const time = timestamp instanceof Date ? timestamp.getTime() : Number(timestamp);
      const history = (internals.instance.store as any).history;
      const after = history.prepare('SELECT * FROM versions WHERE time > ? ORDER BY seq LIMIT 1').get(time);
      return after === undefined ? asked : history.bookmarkOf(after);
    },
  }),
});
