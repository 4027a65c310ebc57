// Violates: "delete | key: string, options? | Promise<boolean> | true if the key existed".
// Misreading: delete answers the number of keys deleted in both forms, so delete(key) answers 1
// or 0 (truthy as the sentence says, but not a boolean).
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('r5-delete-single-number', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    delete: async (keys: any, options?: any) => {
      const result = await base.delete(keys, options);
      return Array.isArray(keys) ? result : (result ? 1 : 0);
    },
  })),
});
