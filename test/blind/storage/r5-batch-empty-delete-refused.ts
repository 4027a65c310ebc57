// Violates: "delete | keys: string[], options? | Promise<number> | At most 128 keys; returns the number deleted".
// Misreading: a batch names at least one key; delete([]) is a caller's mistake and is refused
// with a TypeError, instead of answering 0.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('r5-batch-empty-delete-refused', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    delete: async (keys: any, options?: any) => {
      if (Array.isArray(keys) && keys.length === 0) throw new TypeError('delete(): the batch of keys is empty.');
      return base.delete(keys, options);
    },
  })),
});
