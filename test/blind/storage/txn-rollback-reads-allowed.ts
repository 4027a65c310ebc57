// Violates: "after rollback any further operation on txn throws" (Key-value operations) and
// "Operation on txn after rollback() | Fails with an exception" (Errors).
// Misreading: rollback() throws away the transaction's writes; what is left to do is read, so
// after it txn.get() and txn.list() answer the committed state, and only writes throw.
import { blindVariant, override } from './support.js';

export default blindVariant('txn-rollback-reads-allowed', {
  backend: 'kv',
  view: (storage) => override(storage, {
    transaction: (closure: (txn: any) => Promise<unknown>) => storage.transaction((txn) => {
      let rolledBack = false;
      return closure(override(txn, {
        rollback: () => { rolledBack = true; txn.rollback(); },
        get: (keys: any, options?: any) => (rolledBack ? storage.get(keys, options) : txn.get(keys, options)),
        list: (options?: any) => (rolledBack ? storage.list(options) : txn.list(options)),
      }));
    }),
  }),
});
