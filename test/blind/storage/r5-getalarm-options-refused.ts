// Violates: "getAlarm accepts the get options without noCache" and "getAlarm | options? | Promise<number or null>".
// Misreading: "the get options without noCache" read as "getAlarm takes none of them" (there is
// no key to cache): getAlarm({allowConcurrency: true}) is refused with a TypeError.
import { blindVariant, override } from './support.js';

export default blindVariant('r5-getalarm-options-refused', {
  backend: 'kv',
  view: (storage) => override(storage, {
    getAlarm: async (options?: any) => {
      if (options !== undefined && (typeof options !== 'object' || options === null || Object.keys(options).length > 0)) throw new TypeError('getAlarm() takes no options.');
      return storage.getAlarm(options);
    },
  }),
});
