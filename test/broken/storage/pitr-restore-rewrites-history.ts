// Misreading: a restore rewinds the history. What was written after the restored point is
// forgotten, so getBookmarkForTime() of a time between that point and the restore answers the
// restored point itself, as if the object had held that data all along.

import { referenceSqliteAdapter } from '../../../src/adapters/reference.js';
import type { StorageAdapter } from '../../../contract/storage.js';
import { brokenAdapter, override } from './wrap.js';

const base = brokenAdapter('pitr-restore-rewrites-history', () => ({}), referenceSqliteAdapter);

export default {
  ...base,
  async create() {
    const object = await base.create();
    const real = object.storage;
    let pending: string | undefined;
    /** The restores so far: when each restarted, and the point it went back to. */
    const restores: { at: number; to: string }[] = [];
    const storage = override(real, {
      onNextSessionRestoreBookmark: async (bookmark: string) => {
        pending = bookmark;
        return real.onNextSessionRestoreBookmark!(bookmark);
      },
      getBookmarkForTime: async (time: number | Date) => {
        const answer = await real.getBookmarkForTime!(time);
        const at = Number(time);
        // Bookmarks of the reference sort by their point: one after the restored point, at a time
        // before the restore, is in the forgotten stretch.
        const forgotten = restores.find((restore) => at < restore.at && answer > restore.to);
        return forgotten ? forgotten.to : answer;
      },
    });
    const restart = object.restart.bind(object);
    return Object.defineProperties(object, {
      storage: { get: () => storage },
      restart: {
        value: async () => {
          if (pending !== undefined) restores.push({ at: await object.clock!.now(), to: pending });
          pending = undefined;
          await restart();
        },
      },
    });
  },
} as StorageAdapter;
