// Misreading: a throwing closure stops its transaction, but what it wrote through txn before the
// throw is kept (written once the transaction has aborted, all at once).

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage, StorageTransaction } from '../../../contract/storage.js';
import { override } from './wrap.js';

function keepingWrites(storage: ObjectStorage): Partial<ObjectStorage> {
  return {
    async transaction<T>(closure: (txn: StorageTransaction) => Promise<T>): Promise<T> {
      const written: Record<string, unknown> = {};
      const recording = (txn: StorageTransaction) => override(txn, {
        put: ((first: string | Record<string, unknown>, second?: unknown) => {
          Object.assign(written, typeof first === 'string' ? { [first]: second } : first);
          return typeof first === 'string' ? txn.put(first, second) : txn.put(first);
        }) as StorageTransaction['put'],
      });
      try {
        return await storage.transaction((txn) => closure(recording(txn)));
      } catch (error) {
        if (Object.keys(written).length > 0) await storage.put(written);
        throw error;
      }
    },
  };
}

export default referenceAdapter('txn-throw-keeps-writes', 'kv', (storage) => override(storage, keepingWrites(storage)));
