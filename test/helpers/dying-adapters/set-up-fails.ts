// Storage adapters whose set-up fails inside a test worker (test/set-up-errors.test.ts): the
// reference's key-value backend, except that, in a test worker, `hangs-on-create` never settles a
// create() and `restart-fails` rejects every restart(). In the CLI, which makes a fresh object to
// check each adapter before the run, they answer as the reference does.

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { StorageAdapter } from '../../../contract/storage.js';
import { inTestWorker } from './base.js';

/** create() never settles in a test worker. A start() of its own, so that the first create() is bounded by --timeout, not the longer limit of a runtime started there. */
export function hangingCreate(): StorageAdapter {
  const reference = referenceAdapter('hangs-on-create', 'kv');
  return {
    ...reference,
    async start() {},
    create: () => (inTestWorker() ? new Promise(() => {}) : reference.create()),
  };
}

/** Every object's restart() rejects in a test worker. */
export function failingRestart(): StorageAdapter {
  const reference = referenceAdapter('restart-fails', 'kv');
  return {
    ...reference,
    async create() {
      const object = await reference.create();
      return inTestWorker() ? { ...object, restart: () => Promise.reject(new Error('restart() is not implemented by this runtime')) } : object;
    },
  };
}
