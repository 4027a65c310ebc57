// Violates: "delete | keys: string[], options? | Promise<number> | At most 128 keys; returns the number deleted".
// Misreading: the count is taken per key asked for, against the keys that existed before the
// call, so a key named twice that existed counts twice: delete(['a', 'a']) answers 2.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('delete-batch-counts-duplicates', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    delete: async (keys: any, options?: any) => {
      if (!Array.isArray(keys) || new Set(keys).size === keys.length) return base.delete(keys, options);
      const existing = await base.get(keys);
      await base.delete(keys, options);
      return keys.filter((key) => existing.has(key)).length;
    },
  })),
});
