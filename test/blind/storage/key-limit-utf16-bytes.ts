// Violates: "Key | string, at most 2,048 bytes" (Resources).
// Misreading: a key's bytes are those of the JavaScript string in memory (UTF-16, two per code
// unit), so an ASCII key of more than 1,024 characters is refused.
import { blindVariant, kvEverywhere } from './support.js';

function checkKey(key: unknown): void {
  if (typeof key === 'string' && key.length * 2 > 2048) {
    throw new RangeError(`Keys cannot be larger than 2048 bytes. A key of size ${key.length * 2} was provided.`);
  }
}
const checkKeys = (keys: unknown): void => { for (const key of Array.isArray(keys) ? keys : [keys]) checkKey(key); };

export default blindVariant('key-limit-utf16-bytes', {
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
