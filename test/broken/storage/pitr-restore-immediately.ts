// Misreading: onNextSessionRestoreBookmark() restores at once (as if it restarted the object
// itself) instead of at the next restart.

import { referenceSqliteAdapter } from '../../../src/adapters/reference.js';
import type { StorageAdapter } from '../../../contract/storage.js';
import { brokenAdapter, override } from './wrap.js';

const base = brokenAdapter('pitr-restore-immediately', () => ({}), referenceSqliteAdapter);

export default {
  ...base,
  async create() {
    const object = await base.create();
    const real = object.storage;
    const storage = override(real, {
      onNextSessionRestoreBookmark: async (bookmark: string) => {
        const undo = await real.onNextSessionRestoreBookmark!(bookmark);
        await object.restart();
        return undo;
      },
    });
    return Object.defineProperty(object, 'storage', { get: () => storage });
  },
} as StorageAdapter;
