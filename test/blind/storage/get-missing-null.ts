// Violates: "get | key: string, options? | Promise<any> | undefined when the key does not exist".
// Misreading: a missing key answers null, as in most key-value stores.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('get-missing-null', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    get: async (keys: any, options?: any) => {
      const found = await base.get(keys, options);
      return !Array.isArray(keys) && found === undefined ? null : found;
    },
  })),
});
