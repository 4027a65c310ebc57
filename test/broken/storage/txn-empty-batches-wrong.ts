// Misreading: inside a transaction an empty batch is a mistake: txn.get([]) and txn.delete([]) are
// refused, txn.put({}) is too. The storage methods answer as documented.

import type { StorageTransaction } from '../../../contract/storage.js';
import { brokenTransactions } from './wrap.js';

type Call = (...args: unknown[]) => Promise<unknown>;
const isEmpty = (first: unknown) => (Array.isArray(first) ? first.length === 0 : typeof first === 'object' && first !== null && Object.keys(first).length === 0);
const refuseEmpty = (real: Call) => (async (...args: unknown[]) => {
  if (isEmpty(args[0])) throw new RangeError('A batch needs at least one key.');
  return real(...args);
});

export default brokenTransactions('txn-empty-batches-wrong', (txn) => ({
  get: refuseEmpty((txn.get as Call).bind(txn)) as StorageTransaction['get'],
  put: refuseEmpty((txn.put as Call).bind(txn)) as StorageTransaction['put'],
  delete: refuseEmpty((txn.delete as Call).bind(txn)) as StorageTransaction['delete'],
}));
