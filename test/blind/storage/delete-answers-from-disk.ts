// Violates: "delete | key: string, options? | Promise<boolean> | true if the key existed" and
// "delete | keys: string[] ... returns the number deleted".
// Misreading: whether a key existed is a question for storage (what is on disk); a put not yet
// flushed has not created it, so put('k') then delete('k') with no await between answers false.
import { blindVariant, override } from './support.js';

export default blindVariant('delete-answers-from-disk', {
  backend: 'kv',
  view: (storage, context) => override(storage, {
    delete: (keys: any, options?: any) => {
      // The facade applies the delete to the write buffer at once; the store changes only at the flush.
      const result = storage.delete(keys, options);
      const store = context.internals.instance.store;
      const onDisk = (key: unknown) => typeof key === 'string' && store.read(key) !== undefined;
      const answer = Array.isArray(keys) ? [...new Set(keys)].filter(onDisk).length : onDisk(keys);
      return result.then(() => answer);
    },
  }),
});
