// Violates: "transaction | closure(txn) | Promise | Runs txn operations as one unit that commits or aborts".
// Misreading: only rollback() aborts; a closure that throws has its error passed on, but what it
// wrote before throwing is committed.
import { blindVariant, override } from './support.js';
import type { StorageTransaction } from '../../../contract/storage.js';

export default blindVariant('txn-throw-commits', {
  backend: 'kv',
  view: (storage) => override(storage, {
    transaction: async (closure: (txn: StorageTransaction) => Promise<unknown>) => {
      let thrown: { error: unknown } | undefined;
      const value = await storage.transaction(async (txn) => {
        try {
          return await closure(txn);
        } catch (error) {
          thrown = { error };
          return undefined;
        }
      });
      if (thrown) throw thrown.error;
      return value;
    },
  }),
});
