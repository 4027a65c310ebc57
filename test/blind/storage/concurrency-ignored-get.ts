// Violates: "allowConcurrency | boolean | get, list, getAlarm | When true, concurrent events may be delivered during the operation".
// Misreading: allowConcurrency is a list() option (it is in the list options table), so get() ignores it and keeps other events out.
import { blindVariant, override, without } from './support.js';

export default blindVariant('concurrency-ignored-get', {
  backend: 'kv',
  view: (storage) => override(storage, {
    get: (keys: any, options?: any) => (storage.get as any)(keys, without(options, 'allowConcurrency')),
  }),
});
