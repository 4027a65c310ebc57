// Violates: "allowUnconfirmed | boolean | put, delete, deleteAll, setAlarm, deleteAlarm | When true, outgoing messages are not held until the write is flushed".
// Misreading: deleteAll() may delete only part of the data on failure, so it always waits for the flush, whatever allowUnconfirmed says.
import { blindVariant, override, without } from './support.js';

export default blindVariant('unconfirmed-ignored-deleteall', {
  backend: 'kv',
  view: (storage) => override(storage, {
    deleteAll: ( options?: any) => (storage.deleteAll as any)( without(options, 'allowUnconfirmed')),
  }),
});
