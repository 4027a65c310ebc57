// Violates: "deleteAlarm | options? | Promise" with "deleteAll does not delete alarms; deleteAlarm does": deleting
// the alarm leaves "no alarm", whatever the state was; the table lists no error.
// Misreading: the state table has deleteAlarm() only from "alarm set", so in "no alarm" it is
// an invalid transition: deleteAlarm() with no alarm set is refused.
import { blindVariant, override } from './support.js';

export default blindVariant('r5-alarm-delete-none-refused', {
  backend: 'kv',
  view: (storage) => override(storage, {
    deleteAlarm: (options?: any) => ((storage as any).instance.buffer.readAlarm() === null
      ? Promise.reject(new Error('deleteAlarm(): no alarm is set.'))
      : storage.deleteAlarm(options)),
  }),
});
