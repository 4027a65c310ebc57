// Violates: "transaction | closure(txn) | Promise | Runs txn operations as one unit that commits or aborts; explicit transactions are no longer needed".
// Misreading: "explicit transactions are no longer needed" read as: transaction() just runs the
// closure over ctx.storage itself, each operation its own transaction; rollback() does nothing.
import { blindVariant, override } from './support.js';
import type { StorageTransaction } from '../../../contract/storage.js';

export default blindVariant('txn-plain-storage', {
  backend: 'kv',
  view: (storage) => override(storage, {
    transaction: async (closure: (txn: StorageTransaction) => Promise<unknown>) =>
      closure(override(storage, { rollback: () => undefined }) as unknown as StorageTransaction),
  }),
});
