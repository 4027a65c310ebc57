// Storage adapters whose test worker dies on purpose (test/worker-crash.test.ts): the reference's
// key-value backend, except that creating an object inside a test worker ends the process. In the
// CLI, which loads every adapter to check it before the run, they are harmless.

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { StorageAdapter } from '../../../contract/storage.js';

export const inTestWorker = (): boolean => '__vitest_worker__' in globalThis;

export function dyingAdapter(name: string, die: () => void): StorageAdapter {
  const reference = referenceAdapter(name, 'kv');
  return {
    ...reference,
    async create() {
      if (inTestWorker()) die();
      return reference.create();
    },
  };
}
