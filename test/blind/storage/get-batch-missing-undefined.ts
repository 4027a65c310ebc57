// Violates: "get | keys: string[] ... | ... missing keys omitted".
// Misreading: like get(key), a missing key answers undefined, so it is in the map with undefined.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('get-batch-missing-undefined', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    get: async (keys: any, options?: any) => {
      const found = await base.get(keys, options);
      if (!(found instanceof Map) || !Array.isArray(keys)) return found;
      const all = new Map<string, unknown>(found);
      for (const key of keys) if (!all.has(key)) all.set(key, undefined);
      return new Map([...all].sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b))));
    },
  })),
});
