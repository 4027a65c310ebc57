// Violates: "allowUnconfirmed | boolean | put, delete, deleteAll, setAlarm, deleteAlarm | When true,
// outgoing messages are not held until the write is flushed", for "put | entries: object, options?".
// Misreading: the options of put are its third argument (put(key, value, options)); the batch
// form's second argument is not read for them, so put(entries, {allowUnconfirmed: true}) is held.
import { blindVariant, override, without } from './support.js';

export default blindVariant('unconfirmed-ignored-put-entries', {
  backend: 'kv',
  view: (storage) => override(storage, {
    put: (first: any, second?: any, third?: any) => (typeof first === 'string'
      ? storage.put(first, second, third)
      : storage.put(first, without(second, 'allowUnconfirmed'))),
  }),
});
