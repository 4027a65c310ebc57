// Violates: "Alarm | a single scheduled time per object, integer milliseconds since epoch, or null when none" (Resources)
// with "allowUnconfirmed | boolean | put, delete, deleteAll, setAlarm, deleteAlarm | When true, outgoing messages are not held
// until the write is flushed; use sync() to wait for persistence" (setAlarm is a write to storage, flushed to disk).
// Misreading: the alarm is a timer of the running instance, not stored data: a restart forgets it.
import { blindVariant } from './support.js';

export default blindVariant('alarm-lost-on-restart', {
  backend: 'kv',
  object: (object, { runtime }) => ({
    ...object,
    restart: async () => {
      // The key-value backend keeps its persisted alarm in the store's `alarm` field.
      (runtime as any).store.alarm = null;
      runtime.restart();
    },
  }),
});
