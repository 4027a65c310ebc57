// Violates: "Key | string, at most 2,048 bytes" (Resources) and "Key size | 2,048 bytes" (Limits).
// Misreading: the limit is exclusive, so a key of exactly 2,048 bytes is refused.
import { blindVariant, kvEverywhere, utf8Bytes } from './support.js';

function checkKey(key: unknown): void {
  if (typeof key === 'string' && utf8Bytes(key) >= 2048) {
    throw new RangeError(`Keys must be smaller than 2048 bytes. A key of size ${utf8Bytes(key)} was provided.`);
  }
}
const checkKeys = (keys: unknown): void => { for (const key of Array.isArray(keys) ? keys : [keys]) checkKey(key); };

export default blindVariant('key-limit-exclusive', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    get: async (keys: any, options?: any) => { checkKeys(keys); return base.get(keys, options); },
    put: async (first: any, ...rest: any[]) => {
      checkKeys(typeof first === 'string' ? first : Object.keys(first ?? {}));
      return (base.put as any)(first, ...rest);
    },
    delete: async (keys: any, options?: any) => { checkKeys(keys); return base.delete(keys, options); },
  })),
});
