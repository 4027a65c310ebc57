// Violates: "allowUnconfirmed | boolean | put, delete, deleteAll, setAlarm, deleteAlarm | When true, outgoing messages are not held until the write is flushed".
// Misreading: delete() answers whether the key existed, an answer that must be confirmed, so it
// always waits for the flush, whatever allowUnconfirmed says.
import { blindVariant, override, without } from './support.js';

export default blindVariant('r5-unconfirmed-ignored-delete', {
  backend: 'kv',
  view: (storage) => override(storage, {
    delete: (keys: any, options?: any) => storage.delete(keys, without(options, 'allowUnconfirmed')),
  }),
});
