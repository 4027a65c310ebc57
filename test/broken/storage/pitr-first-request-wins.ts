// Misreading: once a restore is requested, a second request before the restart is ignored (it
// answers a bookmark all the same).

import { referenceSqliteAdapter } from '../../../src/adapters/reference.js';
import type { StorageAdapter } from '../../../contract/storage.js';
import { brokenAdapter, override } from './wrap.js';

const base = brokenAdapter('pitr-first-request-wins', () => ({}), referenceSqliteAdapter);

export default {
  ...base,
  async create() {
    const object = await base.create();
    const real = object.storage;
    let first: Promise<string> | undefined;
    const storage = override(real, {
      onNextSessionRestoreBookmark: (bookmark: string) => (first ??= real.onNextSessionRestoreBookmark!(bookmark)),
    });
    const restart = object.restart.bind(object);
    return Object.defineProperties(object, {
      storage: { get: () => storage },
      restart: { value: async () => { first = undefined; await restart(); } },
    });
  },
} as StorageAdapter;
