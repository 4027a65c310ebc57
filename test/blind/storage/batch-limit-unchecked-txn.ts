// Violates: "Keys or pairs per get, put or delete call with a batch | 128" (Limits), with "get |
// keys: string[] ... At most 128 keys", "put | entries ... at most 128 pairs" and "delete | keys:
// string[] ... At most 128 keys" (Key-value operations); "The txn object offers put, get, delete, list".
// Misreading: the 128 limit guards a single call's round trip to storage; inside a transaction
// everything commits as one unit anyway, so txn.get/put/delete take batches of any size.
import { blindVariant, override, utf8Order } from './support.js';

const LIMIT = 128;

function chunks<T>(items: T[]): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += LIMIT) parts.push(items.slice(i, i + LIMIT));
  return parts;
}

/** A txn whose batch forms split a batch over 128 into calls of at most 128. */
function unlimited(txn: any): any {
  return override(txn, {
    get: async (keys: any, options?: any) => {
      if (!Array.isArray(keys) || keys.length <= LIMIT) return txn.get(keys, options);
      const parts: Map<string, unknown>[] = [];
      for (const part of chunks(keys)) parts.push(await txn.get(part, options));
      return new Map(parts.flatMap((map) => [...map]).sort(([a], [b]) => utf8Order(a, b)));
    },
    put: async (first: any, second?: any, third?: any) => {
      if (typeof first !== 'object' || first === null || Array.isArray(first)) return txn.put(first, second, third);
      const entries = Object.entries(first);
      if (entries.length <= LIMIT) return txn.put(first, second);
      for (const part of chunks(entries)) await txn.put(Object.fromEntries(part), second);
    },
    delete: async (keys: any, options?: any) => {
      if (!Array.isArray(keys) || keys.length <= LIMIT) return txn.delete(keys, options);
      let deleted = 0;
      for (const part of chunks([...new Set(keys)])) deleted += await txn.delete(part, options);
      return deleted;
    },
  });
}

export default blindVariant('batch-limit-unchecked-txn', {
  backend: 'kv',
  view: (storage) => override(storage, {
    transaction: (closure: (txn: any) => Promise<unknown>) => storage.transaction((txn) => closure(unlimited(txn))),
  }),
});
