// Violates: "get | keys: string[], options? | Promise<Map<string, any>> | At most 128 keys; map sorted ascending by UTF-8 encoding of keys; missing keys omitted".
// Misreading: "map" in the general sense: get(keys[]) answers a plain object of the found keys
// (in the same order), not a Map.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('r5-get-batch-object', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    get: async (keys: any, options?: any) => {
      const result = await base.get(keys, options);
      return Array.isArray(keys) ? Object.fromEntries(result as Map<string, unknown>) : result;
    },
  })),
});
