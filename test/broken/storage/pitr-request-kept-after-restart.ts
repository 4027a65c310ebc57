// Misreading: a restore request stays until another replaces it: every restart restores its
// bookmark again, not only the next one.

import { referenceSqliteAdapter } from '../../../src/adapters/reference.js';
import type { StorageAdapter } from '../../../contract/storage.js';
import { brokenAdapter, override } from './wrap.js';

const base = brokenAdapter('pitr-request-kept-after-restart', () => ({}), referenceSqliteAdapter);

export default {
  ...base,
  async create() {
    const object = await base.create();
    const real = object.storage;
    let kept: string | undefined;
    let requested = false;
    const storage = override(real, {
      onNextSessionRestoreBookmark: async (bookmark: string) => {
        kept = bookmark;
        requested = true;
        return real.onNextSessionRestoreBookmark!(bookmark);
      },
    });
    const restart = object.restart.bind(object);
    return Object.defineProperties(object, {
      storage: { get: () => storage },
      restart: {
        value: async () => {
          // No request since the last restart: the kept one is restored again.
          if (!requested && kept !== undefined) await real.onNextSessionRestoreBookmark!(kept);
          requested = false;
          await restart();
        },
      },
    });
  },
} as StorageAdapter;
