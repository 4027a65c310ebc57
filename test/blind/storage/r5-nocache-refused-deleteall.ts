// Violates: "noCache | boolean | get, list, put, delete, deleteAll | Hint only".
// Misreading: deleteAll() leaves nothing to cache, so it takes no caching hint: deleteAll({noCache: true}) is refused as an unknown option.
import { blindVariant, override } from './support.js';

export default blindVariant('r5-nocache-refused-deleteall', {
  backend: 'kv',
  view: (storage) => override(storage, {
    deleteAll: async (options?: any) => {
      if (options !== null && typeof options === 'object' && 'noCache' in options) throw new TypeError('deleteAll(): unknown option noCache.');
      return storage.deleteAll(options);
    },
  }),
});
