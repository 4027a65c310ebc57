// Violates: "deleteAll | options? | Promise | Removes all keys" with "Every method is implicitly one transaction: atomic and isolated from all other storage operations" (Consistency rule 1).
// Misreading: deleteAll() is carried out by the storage when its flush reaches disk; until then
// get() answers what was there: put('a', 1); await deleteAll(); get('a') in the same turn still
// answers 1 (a key written after the deleteAll reads as written).
import { deserialize } from 'node:v8';
import { blindVariant, override } from './support.js';
import type { ObjectInstance } from '../../../reference-impl/storage/instance.js';

/** Per instance: the stored pairs as they were before a deleteAll() whose flush is still to come. */
const before = new WeakMap<ObjectInstance, Map<string, Buffer>>();

export default blindVariant('r5-deleteall-deferred-reads', {
  backend: 'kv',
  view: (storage) => {
    const instance = (storage as any).instance as ObjectInstance;
    const buffer = instance.buffer as any;
    return override(storage, {
      get: async (keys: any, options?: any) => {
        const answer = await storage.get(keys, options);
        const shadow = before.get(instance);
        if (shadow === undefined || typeof keys !== 'string' || answer !== undefined || buffer.batch.writes.has(keys)) return answer;
        const old = shadow.get(keys);
        return old === undefined ? undefined : deserialize(old);
      },
      deleteAll: (options?: any) => {
        const shadow = new Map<string, Buffer>(instance.buffer.readRange({}));
        const result = storage.deleteAll(options);
        before.set(instance, shadow);
        void instance.buffer.whenFlushed().finally(() => { if (before.get(instance) === shadow) before.delete(instance); }).catch(() => {});
        return result;
      },
    });
  },
});
