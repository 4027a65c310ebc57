// Misreading: a transaction is a snapshot to go back to, not one unit: txn operations are the
// storage's own, applied (and visible to other events) as they are made; an abort (a throw, or
// rollback()) puts the snapshot back.

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage, StorageTransaction } from '../../../contract/storage.js';
import { override } from './wrap.js';

type Call = (...args: unknown[]) => Promise<unknown>;

function snapshotTransactions(real: ObjectStorage): Partial<ObjectStorage> {
  return {
    async transaction<T>(closure: (txn: StorageTransaction) => Promise<T>): Promise<T> {
      const snapshot = [...(await real.list()).entries()];
      const restore = async () => {
        await real.deleteAll();
        for (let i = 0; i < snapshot.length; i += 128) await real.put(Object.fromEntries(snapshot.slice(i, i + 128)));
      };
      let rolledBack: Promise<void> | undefined;
      const usable = (method: keyof ObjectStorage) => (...args: unknown[]) => {
        if (rolledBack) return Promise.reject(new Error(`Cannot ${String(method)}() on rolled back transaction`));
        return (real[method] as Call)(...args);
      };
      const txn = {
        get: usable('get'), put: usable('put'), delete: usable('delete'), list: usable('list'),
        rollback: () => { rolledBack ??= restore(); },
      } as unknown as StorageTransaction;
      try {
        const value = await closure(txn);
        await rolledBack;
        return value;
      } catch (error) {
        await (rolledBack ?? restore());
        throw error;
      }
    },
  };
}

export default referenceAdapter('txn-writes-visible-early', 'kv', (storage) => override(storage, snapshotTransactions(storage)));
