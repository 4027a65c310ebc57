// Violates: "getBookmarkForTime | ... | Approximate bookmark; the time must be within the last 30 days" and "PITR history window | 30 days".
// Misreading: "approximate" lets an older time answer the oldest bookmark there is (30 days ago) instead of being refused.
import { blindVariant, override } from './support.js';

const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export default blindVariant('pitr-old-time-clamped', {
  backend: 'sqlite',
  view: (storage, { runtime }) => override(storage, {
    getBookmarkForTime: async (time: any) => {
      const ms = time instanceof Date ? time.getTime() : time;
      const oldest = runtime.clock.now() - WINDOW_MS;
      return storage.getBookmarkForTime!(typeof ms === 'number' && ms < oldest ? oldest : time);
    },
  }),
});
