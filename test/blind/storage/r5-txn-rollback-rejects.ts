// Violates: "rollback() (no parameters, returns nothing)" with "transaction | closure(txn) | Promise | Runs txn operations as one unit that commits or aborts":
// a rollback is an ordinary end of the closure; transaction() answers what the closure answered.
// Misreading: a rollback is an abort, and an abort is reported as a failure: after rollback(),
// transaction() rejects (with an "aborted" error) even though the closure returned normally.
import { blindVariant, override } from './support.js';
import type { StorageTransaction } from '../../../contract/storage.js';

export default blindVariant('r5-txn-rollback-rejects', {
  backend: 'kv',
  view: (storage) => override(storage, {
    transaction: async (closure: (txn: StorageTransaction) => Promise<unknown>) => {
      let rolledBack = false;
      const value = await storage.transaction((txn) => closure(override(txn, {
        rollback: () => { rolledBack = true; txn.rollback(); },
      })));
      if (rolledBack) throw new Error('transaction aborted: rolled back');
      return value;
    },
  }),
});
