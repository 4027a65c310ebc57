// Violates: "after rollback any further operation on txn throws" and the Errors table: "Operation on txn after rollback() | Fails with an exception".
// Misreading: after rollback() the transaction is inert: further operations do nothing and
// resolve (reads to undefined or empty), rather than failing.
import { blindVariant, override } from './support.js';
import type { StorageTransaction } from '../../../contract/storage.js';

function inertAfterRollback(txn: StorageTransaction): StorageTransaction {
  let rolledBack = false;
  const inert: Record<string, (...a: any[]) => Promise<unknown>> = {
    get: async (keys) => (Array.isArray(keys) ? new Map() : undefined),
    put: async () => undefined,
    delete: async (keys) => (Array.isArray(keys) ? 0 : false),
    list: async () => new Map(),
  };
  const guarded = (method: 'get' | 'put' | 'delete' | 'list') => (...args: unknown[]) => (rolledBack
    ? inert[method]!(...args)
    : (txn[method] as (...a: unknown[]) => Promise<unknown>)(...args));
  return override(txn, {
    get: guarded('get'), put: guarded('put'), delete: guarded('delete'), list: guarded('list'),
    rollback: () => { rolledBack = true; txn.rollback(); },
  });
}

export default blindVariant('txn-after-rollback-noop', {
  backend: 'kv',
  view: (storage) => override(storage, {
    transaction: (closure: (txn: StorageTransaction) => Promise<unknown>) => storage.transaction((txn) => closure(inertAfterRollback(txn))),
  }),
});
