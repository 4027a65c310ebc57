// Violates: "Alarm | a single scheduled time per object" with "restart() keeps what is persisted" (the
// alarm is storage: "setAlarm ... allowUnconfirmed ...; use sync() to wait for persistence").
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
