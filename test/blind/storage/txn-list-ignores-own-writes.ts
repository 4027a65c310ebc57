// Violates: "transaction | closure(txn) | Promise | Runs txn operations as one unit that commits or
// aborts" with "The txn object offers put, get, delete, list (use it instead of the top-level storage inside the closure)".
// Misreading: txn.get() sees what the closure wrote (a lookup in its pending writes), but txn.list()
// is a range scan of storage, so it answers the committed state without the closure's writes.
import { blindVariant, override } from './support.js';

export default blindVariant('txn-list-ignores-own-writes', {
  backend: 'kv',
  view: (storage) => override(storage, {
    transaction: (closure: (txn: any) => Promise<unknown>) => storage.transaction((txn) => closure(override(txn, {
      list: async (options?: any) => {
        await txn.list(options); // the txn's own checks (a rolled back or finished txn throws)
        return storage.list(options);
      },
    }))),
  }),
});
