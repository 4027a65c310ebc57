// Violates: "delete | key: string, options? | Promise<boolean> | true if the key existed".
// Misreading: the boolean says the delete succeeded, so it is true for a key that did not exist.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('delete-always-true', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    delete: async (keys: any, options?: any) => {
      const result = await base.delete(keys, options);
      return typeof result === 'boolean' ? true : result;
    },
  })),
});
