// Violates: "allowUnconfirmed | boolean | put, delete, deleteAll, setAlarm, deleteAlarm | When true, outgoing messages are not held until the write is flushed" and "setAlarm and deleteAlarm accept the put options without noCache".
// Misreading: an alarm must be on disk before anyone is told it is set (it may fire at any
// moment), so setAlarm() always waits for the flush, whatever allowUnconfirmed says.
import { blindVariant, override, without } from './support.js';

export default blindVariant('r5-unconfirmed-ignored-setalarm', {
  backend: 'kv',
  view: (storage) => override(storage, {
    setAlarm: (time: any, options?: any) => storage.setAlarm(time, without(options, 'allowUnconfirmed')),
  }),
});
