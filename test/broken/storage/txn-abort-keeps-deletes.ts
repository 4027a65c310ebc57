// Misreading: an aborted transaction rolls back its puts but not its deletes: the keys the
// closure deleted through txn are gone once transaction() rejected.

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage, StorageTransaction } from '../../../contract/storage.js';
import { override } from './wrap.js';

export default referenceAdapter('txn-abort-keeps-deletes', 'kv', (storage: ObjectStorage) => override(storage, {
  transaction: async (closure) => {
    const deleted: string[] = [];
    try {
      return await storage.transaction((txn) => closure(override(txn, {
        delete: ((keys: string | string[]) => {
          deleted.push(...[keys].flat());
          return txn.delete(keys as string);
        }) as StorageTransaction['delete'],
      })));
    } catch (error) {
      for (let i = 0; i < deleted.length; i += 128) await storage.delete(deleted.slice(i, i + 128));
      throw error;
    }
  },
}));
