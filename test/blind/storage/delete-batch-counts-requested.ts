// Violates: "delete | keys: string[], options? | Promise<number> | At most 128 keys; returns the number deleted".
// Misreading: "the number deleted" is the number of keys the call asked to delete.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('delete-batch-counts-requested', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    delete: async (keys: any, options?: any) => {
      const result = await base.delete(keys, options);
      return Array.isArray(keys) ? new Set(keys).size : result;
    },
  })),
});
