// Violates: "get | keys: string[], options? | Promise<Map<string, any>> | At most 128 keys".
// Misreading: "at most 128" read as fewer than 128: get() of exactly 128 keys is refused.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('batch-limit-exclusive-get', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    get: async (keys: any, options?: any) => {
      if (Array.isArray(keys) && keys.length >= 128) {
        throw new RangeError(`Maximum number of keys is 127. ${keys.length} keys were provided.`);
      }
      return base.get(keys, options);
    },
  })),
});
