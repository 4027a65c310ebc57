// Misreading: a read with allowConcurrency lets other events in, so it is served from what was
// last confirmed (a settled read or write), not from the writes the event issued and that have
// not settled yet: a get or list with allowConcurrency right after the event's own put misses it.
// Code inside the object sees it (the model's increment read back concurrently).

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { ListOptions, ObjectStorage, StorageOperationOptions } from '../../../contract/storage.js';
import { override } from './wrap.js';

function confirmedReads(real: ObjectStorage): Partial<ObjectStorage> {
  const confirmed = new Map<string, unknown>();
  const pending = new Set<string>();
  return {
    async get(key: string | string[], options?: StorageOperationOptions) {
      if (typeof key === 'string' && options?.allowConcurrency && pending.has(key)) return confirmed.get(key);
      const value = await (real.get as (k: string | string[], o?: StorageOperationOptions) => Promise<unknown>)(key, options);
      if (typeof key === 'string' && !pending.has(key)) confirmed.set(key, value);
      return value;
    },
    async list(options?: ListOptions) {
      const listed = await real.list(options);
      if (!options?.allowConcurrency) return listed;
      return new Map([...listed].flatMap(([key, value]): [string, unknown][] => {
        if (!pending.has(key)) return [[key, value]];
        return confirmed.get(key) === undefined ? [] : [[key, confirmed.get(key)]];
      }));
    },
    put(key: string | Record<string, unknown>, value?: unknown, options?: StorageOperationOptions) {
      if (typeof key !== 'string') return real.put(key, value as StorageOperationOptions);
      pending.add(key);
      return real.put(key, value, options).finally(() => {
        pending.delete(key);
        confirmed.set(key, value);
      });
    },
  } as Partial<ObjectStorage>;
}

export default referenceAdapter('cons-concurrent-read-misses-own-write', 'kv', (storage) => override(storage, confirmedReads(storage)));
