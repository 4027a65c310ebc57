// Violates: "transaction | closure(txn) | Promise | Runs txn operations as one unit that commits or aborts"
// and "The txn object offers put, get, delete, list (use it instead of the top-level storage inside the closure)".
// Misreading: a transaction's writes are applied at commit, so until then txn.get() reads the
// committed state, not what the closure itself wrote.
import { blindVariant, override } from './support.js';
import type { StorageTransaction } from '../../../contract/storage.js';

export default blindVariant('txn-get-ignores-own-writes', {
  backend: 'kv',
  view: (storage) => override(storage, {
    transaction: (closure: (txn: StorageTransaction) => Promise<unknown>) =>
      storage.transaction((txn) => closure(override(txn, { get: (keys: any, options?: any) => storage.get(keys, options) }))),
  }),
});
