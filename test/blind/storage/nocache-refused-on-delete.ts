// Violates: "noCache | boolean | get, list, put, delete, deleteAll | Hint only; ... writes: discard from memory once written".
// Misreading: noCache is about reads (the cache is filled by reads), so delete() refuses it as an unknown option.
import { blindVariant, kvEverywhere } from './support.js';

export default blindVariant('nocache-refused-on-delete', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    delete: async (keys: any, options?: any) => {
      if (options !== null && typeof options === 'object' && 'noCache' in options) throw new TypeError('delete(): unknown option noCache.');
      return base.delete(keys, options);
    },
  })),
});
