// Violates: "setAlarm and deleteAlarm accept the put options without noCache" and
// "allowUnconfirmed | boolean | put, delete, deleteAll, setAlarm, deleteAlarm".
// Misreading: setAlarm(time, options) takes no write options: allowUnconfirmed is refused.
import { blindVariant, override } from './support.js';

export default blindVariant('unconfirmed-refused-setalarm', {
  backend: 'kv',
  view: (storage) => override(storage, {
    setAlarm: async (time: any, options?: any) => {
      if (options !== null && typeof options === 'object' && 'allowUnconfirmed' in options) throw new TypeError('setAlarm(): unknown option allowUnconfirmed.');
      return storage.setAlarm(time, options);
    },
  }),
});
