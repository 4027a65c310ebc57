// Violates: "noCache | ... | Hint only; ... A get before the write completes returns the write-buffer copy".
// Misreading: get(key, {noCache: true}) bypasses every in-memory layer and reads what is on
// disk, so before a write is flushed it answers the old value.
import { deserialize } from 'node:v8';
import { blindVariant, override } from './support.js';

export default blindVariant('nocache-get-reads-disk', {
  backend: 'kv',
  view: (storage, context) => override(storage, {
    get: async (keys: any, options?: any) => {
      if (options?.noCache !== true || typeof keys !== 'string') return storage.get(keys, options);
      await storage.get(keys, options); // its checks and its place among the operations
      const stored = context.internals.instance.store.read(keys);
      return stored === undefined ? undefined : deserialize(stored);
    },
  }),
});
