// Misreading: txn offers put(key, value) only; txn.put(entries) is refused. The transaction
// requirement fails (txn offers put); the batch limits inside a transaction are not verified,
// as their premise (a small txn.put(entries)) failed.

import type { StorageTransaction } from '../../../contract/storage.js';
import { brokenTransactions } from './wrap.js';

export default brokenTransactions('txn-put-entries-refused', (txn) => ({
  put: (async (first: string | Record<string, unknown>, ...rest: unknown[]) => {
    if (typeof first !== 'string') throw new TypeError('txn.put() takes a key and a value.');
    return (txn.put as (...args: unknown[]) => Promise<void>).call(txn, first, ...rest);
  }) as StorageTransaction['put'],
}));
