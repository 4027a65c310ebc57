// Violates: "delete | keys: string[], options? | Promise<number> | At most 128 keys; returns the number deleted".
// Misreading: delete answers whether it deleted anything, in both forms: delete(keys[]) answers
// true when at least one of the keys existed, false otherwise.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('r5-delete-batch-boolean', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    delete: async (keys: any, options?: any) => {
      const result = await base.delete(keys, options);
      return Array.isArray(keys) ? (result as unknown as number) > 0 : result;
    },
  })),
});
