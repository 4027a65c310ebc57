// Violates: "Value | any type supported by the structured clone algorithm" (Resources) with
// "Every method is implicitly one transaction: atomic and isolated from all other storage operations" (Consistency rule 1):
// what get() answers is what was stored, a copy, not the caller's live object.
// Misreading: values are kept in the in-memory cache as the object gave them (the clone is made
// only to write them to disk), so get(key) inside the object answers the very object put() was
// given: changing that object after put() changes what get() answers.
import { blindVariant, override } from './support.js';
import type { ObjectInstance } from '../../../reference-impl/storage/instance.js';
import type { StorageTransaction } from '../../../contract/storage.js';

/** Per instance (a restart or a reset starts with an empty cache): key → the object put() was given. */
const caches = new WeakMap<ObjectInstance, Map<string, unknown>>();

export default blindVariant('r5-value-shared-reference', {
  backend: 'kv',
  view: (storage, _context, caller) => {
    // A call from outside crosses into the object by structured clone: nothing to share.
    if (caller === 'outside') return storage;
    const instance = (storage as any).instance as ObjectInstance;
    const cache = caches.get(instance) ?? new Map<string, unknown>();
    caches.set(instance, cache);
    const forget = (keys: unknown) => { for (const key of Array.isArray(keys) ? keys : [keys]) cache.delete(key as string); };
    return override(storage, {
      get: (keys: any, options?: any) => (typeof keys === 'string' && cache.has(keys) ? storage.get(keys, options).then(() => cache.get(keys)) : storage.get(keys, options)),
      put: async (first: any, second?: any, third?: any) => {
        if (typeof first !== 'string') {
          if (typeof first === 'object' && first !== null) forget(Object.keys(first));
          return storage.put(first, second);
        }
        cache.delete(first);
        await storage.put(first, second, third);
        if (typeof second === 'object' && second !== null) cache.set(first, second);
      },
      delete: (keys: any, options?: any) => { forget(keys); return storage.delete(keys, options); },
      deleteAll: (options?: any) => { cache.clear(); return storage.deleteAll(options); },
      transaction: (closure: (txn: StorageTransaction) => Promise<unknown>) => { cache.clear(); return storage.transaction(closure); },
    });
  },
});
