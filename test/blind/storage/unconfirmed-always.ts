// Violates: "Outgoing network messages are held until earlier writes are flushed to disk unless
// allowUnconfirmed is true. If a write fails, the object is reset, outgoing messages are discarded
// and clients receive errors." (Consistency rule 4)
// Misreading: a write's promise resolving is confirmation enough: results are never held, as if
// allowUnconfirmed were always true.
import { blindVariant, override } from './support.js';

const unconfirmed = (options: any): any => ({ ...(options ?? {}), allowUnconfirmed: true });

export default blindVariant('unconfirmed-always', {
  backend: 'kv',
  view: (storage) => override(storage, {
    put: (first: any, second?: any, third?: any) => (typeof first === 'string'
      ? storage.put(first, second, unconfirmed(third))
      : storage.put(first, unconfirmed(second))),
    delete: (keys: any, options?: any) => storage.delete(keys, unconfirmed(options)),
    deleteAll: (options?: any) => storage.deleteAll(unconfirmed(options)),
  }),
});
