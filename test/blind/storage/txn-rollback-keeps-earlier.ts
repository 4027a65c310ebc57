// Violates: "transaction | closure(txn) | Promise | Runs txn operations as one unit that commits or aborts"
// and "The txn object offers put, get, delete, list ... and rollback() ...; after rollback any further operation on txn throws".
// Misreading: rollback() ends the transaction where it stands: later operations throw, but what
// was written before it is committed.
import { blindVariant, override } from './support.js';
import type { StorageTransaction } from '../../../contract/storage.js';

function stoppingAtRollback(txn: StorageTransaction): StorageTransaction {
  let rolledBack = false;
  const guarded = (method: 'get' | 'put' | 'delete' | 'list') => (...args: unknown[]) => (rolledBack
    ? Promise.reject(new Error(`Cannot ${method}() on rolled back transaction`))
    : (txn[method] as (...a: unknown[]) => Promise<unknown>)(...args));
  return override(txn, {
    get: guarded('get'), put: guarded('put'), delete: guarded('delete'), list: guarded('list'),
    rollback: () => { rolledBack = true; },
  });
}

export default blindVariant('txn-rollback-keeps-earlier', {
  backend: 'kv',
  view: (storage) => override(storage, {
    transaction: (closure: (txn: StorageTransaction) => Promise<unknown>) => storage.transaction((txn) => closure(stoppingAtRollback(txn))),
  }),
});
