// Violates: "allowUnconfirmed | boolean | put, delete, deleteAll, setAlarm, deleteAlarm | When true, outgoing messages are not held until the write is flushed".
// Misreading: put() always waits for the flush (the safe default), whatever allowUnconfirmed says.
import { blindVariant, override, without } from './support.js';

export default blindVariant('unconfirmed-ignored-put', {
  backend: 'kv',
  view: (storage) => override(storage, {
    put: (first: any, second?: any, third?: any) => (typeof first === 'string'
      ? storage.put(first, second, without(third, 'allowUnconfirmed'))
      : storage.put(first, without(second, 'allowUnconfirmed'))),
  }),
});
