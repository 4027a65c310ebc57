// Misreading: the 128-key limit is checked by the storage methods only; txn.get, txn.put and
// txn.delete serve a larger batch in chunks.

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage, StorageTransaction } from '../../../contract/storage.js';
import { byUtf8, override } from './wrap.js';

const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / 128) }, (_, i) => items.slice(i * 128, (i + 1) * 128));

function unchecked(txn: StorageTransaction): Partial<StorageTransaction> {
  return {
    get: (async (keys: string | string[]) => {
      if (!Array.isArray(keys)) return txn.get(keys);
      const maps = await Promise.all(chunks(keys).map((part) => txn.get(part)));
      return new Map(maps.flatMap((map) => [...map]).sort(([a], [b]) => byUtf8(a, b)));
    }) as StorageTransaction['get'],
    put: (async (first: string | Record<string, unknown>, value?: unknown) => {
      if (typeof first === 'string') return txn.put(first, value);
      for (const part of chunks(Object.entries(first))) await txn.put(Object.fromEntries(part));
    }) as StorageTransaction['put'],
    delete: (async (keys: string | string[]) => {
      if (!Array.isArray(keys)) return txn.delete(keys);
      let deleted = 0;
      for (const part of chunks(keys)) deleted += await txn.delete(part);
      return deleted;
    }) as StorageTransaction['delete'],
  };
}

export default referenceAdapter('txn-batch-unchecked', 'kv', (storage: ObjectStorage) => override(storage, {
  transaction: (closure) => storage.transaction((txn) => closure(override(txn, unchecked(txn)))),
}));
