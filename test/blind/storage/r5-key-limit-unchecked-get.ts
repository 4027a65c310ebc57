// Violates: "Key | string, at most 2,048 bytes" (Resources) and "Key size | 2,048 bytes" (Limits).
// Misreading: the key limit is a limit of what can be stored; a longer key cannot have been
// stored, so get() of it simply finds nothing: get(key) answers undefined and get(keys[]) leaves
// it out, instead of refusing the key.
import { blindVariant, kvEverywhere, utf8Bytes } from './support.js';

const oversize = (key: unknown): boolean => typeof key === 'string' && utf8Bytes(key) > 2048;

export default blindVariant('r5-key-limit-unchecked-get', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    get: async (keys: any, options?: any) => {
      if (oversize(keys)) {
        await base.get('', options); // the options are still checked
        return undefined;
      }
      if (Array.isArray(keys) && keys.length <= 128 && keys.some(oversize)) return base.get(keys.filter((key) => !oversize(key)), options);
      return base.get(keys, options);
    },
  })),
});
