// Violates: "delete | keys: string[], options? | Promise<number> | At most 128 keys; returns the number deleted" and "Keys or pairs per get, put or delete call with a batch | 128" (Limits).
// Misreading: "at most 128" read as fewer than 128: delete(keys[]) of exactly 128 keys is refused.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('r5-batch-limit-exclusive-delete', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    delete: async (keys: any, options?: any) => {
      if (Array.isArray(keys) && keys.length >= 128) throw new RangeError('delete(): fewer than 128 keys per call.');
      return base.delete(keys, options);
    },
  })),
});
