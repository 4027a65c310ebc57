// Violates: "put | entries: object, options? | Promise | Stores each key and value; at most 128 pairs".
// Misreading: a batch has at least one pair; put({}) is a caller's mistake and is refused with a
// TypeError, instead of storing nothing.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('r5-batch-empty-put-refused', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: async (first: any, second?: any, third?: any) => {
      if (typeof first === 'object' && first !== null && !Array.isArray(first) && Object.keys(first).length === 0) throw new TypeError('put(): no entries given.');
      return base.put(first, second, third);
    },
  })),
});
