// Violates: "get | keys: string[], options? | Promise<Map<string, any>> | At most 128 keys; ... missing keys omitted".
// Misreading: a batch names at least one key; get([]) is a caller's mistake and is refused with a
// TypeError, instead of answering an empty Map.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('r5-batch-empty-get-refused', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    get: async (keys: any, options?: any) => {
      if (Array.isArray(keys) && keys.length === 0) throw new TypeError('get(): the batch of keys is empty.');
      return base.get(keys, options);
    },
  })),
});
