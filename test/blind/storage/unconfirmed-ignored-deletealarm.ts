// Violates: "setAlarm and deleteAlarm accept the put options without noCache" and "allowUnconfirmed | ... | put, delete, deleteAll, setAlarm, deleteAlarm".
// Misreading: deleteAlarm() takes no real options, so it always waits for the flush.
import { blindVariant, override, without } from './support.js';

export default blindVariant('unconfirmed-ignored-deletealarm', {
  backend: 'kv',
  view: (storage) => override(storage, {
    deleteAlarm: ( options?: any) => (storage.deleteAlarm as any)( without(options, 'allowUnconfirmed')),
  }),
});
