// Violates: "getAlarm accepts the get options without noCache" and "allowConcurrency | boolean | get, list, getAlarm | When true, concurrent events may be delivered during the operation".
// Misreading: getAlarm() reads metadata, not data, so it ignores allowConcurrency and keeps other events out.
import { blindVariant, override, without } from './support.js';

export default blindVariant('concurrency-ignored-getalarm', {
  backend: 'kv',
  view: (storage) => override(storage, {
    getAlarm: ( options?: any) => (storage.getAlarm as any)( without(options, 'allowConcurrency')),
  }),
});
