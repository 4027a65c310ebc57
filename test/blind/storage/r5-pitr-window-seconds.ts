// Violates: "getBookmarkForTime | timestamp: number or Date | Promise<string> | Approximate bookmark; the time must be within the last 30 days" and "PITR history window | 30 days" (Limits).
// Misreading: the 30 days computed as 30 * 24 * 60 * 60 (seconds) and compared with milliseconds,
// so only the last 2,592,000 ms (43 minutes) are accepted; an hour ago is refused.
import { blindVariant, override } from './support.js';

const WINDOW = 30 * 24 * 60 * 60;

export default blindVariant('r5-pitr-window-seconds', {
  backend: 'sqlite',
  view: (storage, { runtime }) => override(storage, {
    getBookmarkForTime: async (timestamp: any) => {
      const ms = timestamp instanceof Date ? timestamp.getTime() : timestamp;
      if (typeof ms === 'number' && ms < runtime.clock.now() - WINDOW) throw new RangeError('getBookmarkForTime(): the time must be within the last 30 days.');
      return storage.getBookmarkForTime!(timestamp);
    },
  }),
});
