// Violates: "put | entries: object, options? | Promise | Stores each key and value; at most 128 pairs"
// and "Keys or pairs per get, put or delete call with a batch | 128" (Limits).
// Misreading: the 128 limit is about reading keys (get), so put(entries) stores any number of
// pairs (in one batch, still atomic).
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('batch-limit-unchecked-put', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: (first: any, second?: any, third?: any) => {
      if (typeof first === 'string' || first === null || typeof first !== 'object') return (base.put as any)(first, second, third);
      const entries = Object.entries(first);
      const calls: Promise<void>[] = [];
      // No await between the chunks: they are submitted as one write.
      for (let i = 0; i < entries.length || i === 0; i += 128) calls.push(base.put(Object.fromEntries(entries.slice(i, i + 128)), second));
      return Promise.all(calls).then(() => undefined);
    },
  })),
});
