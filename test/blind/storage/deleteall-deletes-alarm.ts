// Violates: "deleteAll does not delete alarms; deleteAlarm does." (States and transitions) and
// "deleteAll | options? | Promise | Removes all keys; ... alarms untouched".
// Misreading: deleteAll() clears the object's whole storage, the alarm included.
import { blindVariant, override } from './support.js';

export default blindVariant('deleteall-deletes-alarm', {
  backend: 'kv',
  view: (storage) => override(storage, {
    deleteAll: (options?: any) => {
      const cleared = storage.deleteAll(options);
      const alarmDeleted = storage.deleteAlarm(options?.allowUnconfirmed === undefined ? undefined : { allowUnconfirmed: options.allowUnconfirmed });
      return Promise.all([cleared, alarmDeleted]).then(() => undefined);
    },
  }),
});
