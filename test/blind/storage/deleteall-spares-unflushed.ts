// Violates: "deleteAll | options? | Promise | Removes all keys" with "Writes issued with no
// intervening await are submitted atomically".
// Misreading: deleteAll() empties what is stored; writes the object made earlier in the same turn
// are not stored yet (still to be flushed), so they survive it: put('a'); deleteAll() keeps 'a'.
import { blindVariant, override } from './support.js';

export default blindVariant('deleteall-spares-unflushed', {
  backend: 'kv',
  view: (storage, context) => override(storage, {
    deleteAll: (options?: any) => {
      const buffer = context.internals.instance.buffer as any;
      const unflushed = new Map([...(buffer.batch.writes as Map<string, Buffer | null>)].filter(([, value]) => value !== null));
      const result = storage.deleteAll(options);
      // Written again after the clear, into the same batch (the puts' own flush, already held).
      if (unflushed.size > 0 && !buffer.discarded) buffer.write(unflushed);
      return result;
    },
  }),
});
