// Violates: "Every method is implicitly one transaction: atomic and isolated from all other storage
// operations, also over several keys" (Consistency rules 1), for "put | entries ... Stores each key and value".
// Misreading: put(entries) stores each pair in turn; a pair that is refused (a value over the
// limit, say) stops the call there with its error, and the pairs before it stay stored.
import { blindVariant, override } from './support.js';

export default blindVariant('put-batch-partial-on-error', {
  backend: 'kv',
  view: (storage) => override(storage, {
    put: async (first: any, second?: any, third?: any) => {
      const batch = typeof first === 'object' && first !== null && !Array.isArray(first);
      if (!batch || Object.keys(first).length > 128) return storage.put(first, second, third);
      for (const [key, value] of Object.entries(first)) if (value !== undefined) await storage.put(key, value, second);
    },
  }),
});
