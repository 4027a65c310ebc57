// Violates: "put | entries: object, options? | Promise | Stores each key and value; at most 128 pairs" and "Keys or pairs per get, put or delete call with a batch | 128" (Limits).
// Misreading: "at most 128" read as fewer than 128: put(entries) of exactly 128 pairs is refused.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('r5-batch-limit-exclusive-put', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: async (first: any, second?: any, third?: any) => {
      if (typeof first === 'object' && first !== null && Object.keys(first).length >= 128) throw new RangeError('put(): fewer than 128 pairs per call.');
      return base.put(first, second, third);
    },
  })),
});
