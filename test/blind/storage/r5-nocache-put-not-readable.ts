// Violates: "noCache | boolean | get, list, put, delete, deleteAll | Hint only; ... writes: discard from memory once written. A get before the write completes returns the write-buffer copy".
// Misreading: a write with noCache is not kept in memory at all: it goes straight to the disk
// queue, so a get() before it is flushed reads what is on disk (the old value, or nothing).
import { deserialize } from 'node:v8';
import { blindVariant, override, putArguments } from './support.js';
import type { ObjectInstance } from '../../../reference-impl/storage/instance.js';

/** Per instance: keys written with noCache whose flush is still to come. */
const unflushed = new WeakMap<ObjectInstance, Set<string>>();

export default blindVariant('r5-nocache-put-not-readable', {
  backend: 'kv',
  view: (storage) => {
    const instance = (storage as any).instance as ObjectInstance;
    const hidden = unflushed.get(instance) ?? new Set<string>();
    unflushed.set(instance, hidden);
    const fromDisk = (key: string): unknown => {
      const stored = instance.store.read(key);
      return stored === undefined ? undefined : deserialize(stored);
    };
    return override(storage, {
      put: (first: any, second?: any, third?: any) => {
        const { entries, options } = putArguments(first, second, third);
        const result = storage.put(first, second, third);
        if (options?.noCache === true) {
          const keys = entries.map(([key]) => key);
          void result.then(() => {
            for (const key of keys) hidden.add(key);
            void instance.buffer.whenFlushed().finally(() => { for (const key of keys) hidden.delete(key); }).catch(() => {});
          }, () => {});
        } else {
          for (const [key] of entries) hidden.delete(key);
        }
        return result;
      },
      get: async (keys: any, options?: any) => {
        const answer = await storage.get(keys, options);
        if (typeof keys === 'string') return hidden.has(keys) ? fromDisk(keys) : answer;
        if (!Array.isArray(keys) || !keys.some((key) => hidden.has(key))) return answer;
        const map = answer as Map<string, unknown>;
        const changed = new Map<string, unknown>();
        for (const key of [...new Set([...map.keys(), ...keys.filter((key) => hidden.has(key))])].sort()) {
          const value = hidden.has(key) ? fromDisk(key) : map.get(key);
          if (value !== undefined) changed.set(key, value);
        }
        return changed;
      },
    });
  },
});
