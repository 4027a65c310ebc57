// Misreading: the history reaches back 7 days, not 30: a restore of an older point brings back
// the oldest point kept instead (its request is accepted all the same).

import { referenceSqliteAdapter } from '../../../src/adapters/reference.js';
import type { StorageAdapter } from '../../../contract/storage.js';
import { brokenAdapter, override } from './wrap.js';

const DAY = 24 * 60 * 60 * 1000;
const base = brokenAdapter('pitr-history-7-days', () => ({}), referenceSqliteAdapter);

export default {
  ...base,
  async create() {
    const object = await base.create();
    const real = object.storage;
    /** When each bookmark this object answered was taken (its point's time, for getBookmarkForTime). */
    const taken = new Map<string, number>();
    const remember = async (bookmark: Promise<string>, time: number) => {
      const answered = await bookmark;
      if (!taken.has(answered)) taken.set(answered, time);
      return answered;
    };
    const storage = override(real, {
      getCurrentBookmark: async () => remember(real.getCurrentBookmark!(), await object.clock!.now()),
      getBookmarkForTime: async (time: number | Date) => remember(real.getBookmarkForTime!(time), Number(time)),
      onNextSessionRestoreBookmark: async (bookmark: string) => {
        const now = await object.clock!.now();
        const time = taken.get(bookmark);
        // Older than the 7 days kept: the oldest point kept instead.
        const target = time !== undefined && time < now - 7 * DAY ? await real.getBookmarkForTime!(now - 7 * DAY) : bookmark;
        const undo = await real.onNextSessionRestoreBookmark!(target);
        undos.push(undo);
        return undo;
      },
    });
    // The bookmark a request answers marks the moment just before the recovery: the restart.
    const undos: string[] = [];
    const restart = object.restart.bind(object);
    return Object.defineProperties(object, {
      storage: { get: () => storage },
      restart: {
        value: async () => {
          const now = await object.clock!.now();
          for (const undo of undos.splice(0)) taken.set(undo, now);
          await restart();
        },
      },
    });
  },
} as StorageAdapter;
