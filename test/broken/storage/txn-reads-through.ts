// Misreading: a transaction is a write set committed when its closure returns, not a unit
// isolated from other events: its reads go to the object's storage as it is at that moment, and
// other events are delivered while its closure waits on other I/O (a timer). A read, a timer and a
// write lose other events' updates, and a key read twice across the timer can change.

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage, StorageOperationOptions, StorageTransaction } from '../../../contract/storage.js';
import { override } from './wrap.js';

const ROLLED_BACK = 'Cannot use a transaction after rollback()';

function writeSetTransactions(real: ObjectStorage): Partial<ObjectStorage> {
  return {
    async transaction<T>(closure: (txn: StorageTransaction) => Promise<T>): Promise<T> {
      const writes = new Map<string, unknown>();
      let rolledBack = false;
      const usable = () => {
        if (rolledBack) throw new Error(ROLLED_BACK);
      };
      const txn = {
        async get(key: string | string[], options?: StorageOperationOptions) {
          usable();
          if (typeof key === 'string') return writes.has(key) ? writes.get(key) : real.get(key, options);
          const found = await real.get(key, options);
          for (const k of key) if (writes.has(k)) found.set(k, writes.get(k));
          return found;
        },
        async put(key: string | Record<string, unknown>, value?: unknown) {
          usable();
          for (const [k, v] of Object.entries(typeof key === 'string' ? { [key]: value } : key)) writes.set(k, v);
        },
        async delete(key: string | string[]) {
          usable();
          const keys = typeof key === 'string' ? [key] : key;
          const existing = (await real.get(keys)).size;
          for (const k of keys) writes.set(k, undefined);
          return typeof key === 'string' ? existing > 0 : existing;
        },
        async list(options?: Parameters<ObjectStorage['list']>[0]) {
          usable();
          return real.list(options);
        },
        rollback() {
          usable();
          rolledBack = true;
        },
      } as unknown as StorageTransaction;
      const value = await closure(txn);
      if (rolledBack || writes.size === 0) return value;
      const deleted = [...writes].filter(([, v]) => v === undefined).map(([k]) => k);
      const put = Object.fromEntries([...writes].filter(([, v]) => v !== undefined));
      if (deleted.length > 0) void real.delete(deleted);
      if (Object.keys(put).length > 0) await real.put(put);
      return value;
    },
  };
}

export default referenceAdapter('txn-reads-through', 'kv', (storage) => override(storage, writeSetTransactions(storage)));
