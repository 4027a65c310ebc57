// Misreading: a throwing closure aborts its transaction (nothing is written), but transaction()
// resolves (with undefined) as if rollback() had been called: the caller is not told.

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage, StorageTransaction } from '../../../contract/storage.js';
import { override } from './wrap.js';

function swallowingAborts(storage: ObjectStorage): Partial<ObjectStorage> {
  return {
    async transaction<T>(closure: (txn: StorageTransaction) => Promise<T>): Promise<T> {
      return storage.transaction(closure).catch(() => undefined as T);
    },
  };
}

export default referenceAdapter('txn-throw-resolves', 'kv', (storage) => override(storage, swallowingAborts(storage)));
