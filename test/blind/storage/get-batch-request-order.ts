// Violates: "get | keys: string[] ... | map sorted ascending by UTF-8 encoding of keys; missing keys omitted".
// Misreading: the map keeps the order in which the keys were asked for.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('get-batch-request-order', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    get: async (keys: any, options?: any) => {
      const found = await base.get(keys, options);
      if (!(found instanceof Map) || !Array.isArray(keys)) return found;
      const ordered = new Map<string, unknown>();
      for (const key of keys) if (found.has(key)) ordered.set(key, found.get(key));
      return ordered;
    },
  })),
});
