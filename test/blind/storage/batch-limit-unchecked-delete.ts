// Violates: "delete | keys: string[], options? | Promise<number> | At most 128 keys; returns the number deleted"
// and "Keys or pairs per get, put or delete call with a batch | 128" (Limits).
// Misreading: deleting needs no limit (nothing is returned but a count), so delete(keys[])
// accepts any number of keys.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('batch-limit-unchecked-delete', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    delete: (keys: any, options?: any) => {
      if (!Array.isArray(keys) || keys.length <= 128) return base.delete(keys, options);
      const unique = [...new Set(keys)];
      const calls: Promise<number>[] = [];
      for (let i = 0; i < unique.length; i += 128) calls.push(base.delete(unique.slice(i, i + 128), options));
      return Promise.all(calls).then((counts) => counts.reduce((a, b) => a + b, 0));
    },
  })),
});
