// Misreading: txn.rollback() is not there to call; it throws (with the cause of its own failure),
// as a runtime that has not implemented it does. test/exceptions-shown.test.ts: the failure shows
// the exception whole beside the expectation it broke.

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage, StorageTransaction } from '../../../contract/storage.js';
import { override } from './wrap.js';

const missing = (): never => {
  throw new Error('rollback() not implemented', { cause: new TypeError('txn.rollback is not a function in this runtime') });
};

export default referenceAdapter('txn-rollback-throws', 'kv', (storage: ObjectStorage) => override(storage, {
  transaction: <T>(closure: (txn: StorageTransaction) => Promise<T>) => storage.transaction((txn) => closure(override(txn, { rollback: missing }))),
}));
