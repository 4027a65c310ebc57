// Violates: "The txn object offers put, get, delete, list (use it instead of the top-level storage inside the closure)" with
// "delete | key: string, options? | Promise<boolean> | true if the key existed" and "returns the number deleted":
// inside the transaction, its own earlier writes are part of what exists.
// Misreading: txn.delete() records a tombstone and answers from the committed state: a key the
// closure put is "not existing" (false), one it already deleted still "exists" (true).
import { blindVariant, override } from './support.js';
import type { StorageTransaction } from '../../../contract/storage.js';

export default blindVariant('r5-txn-delete-ignores-own-writes', {
  backend: 'kv',
  view: (storage) => override(storage, {
    transaction: (closure: (txn: StorageTransaction) => Promise<unknown>) => storage.transaction((txn) => closure(override(txn, {
      delete: async (keys: any, options?: any) => {
        await txn.delete(keys, options); // its checks and its tombstones
        const committed = (storage as any).instance.buffer;
        const names: string[] = [...new Set<string>(Array.isArray(keys) ? keys : [keys])];
        const existing = names.filter((key) => committed.read(key) !== undefined).length;
        return Array.isArray(keys) ? existing : existing > 0;
      },
    }))),
  }),
});
