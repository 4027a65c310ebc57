// Violates: "allowConcurrency | boolean | get, list, getAlarm | When true, concurrent events may be delivered during the operation"
// and "allowConcurrency, noCache | boolean | As for get" (list options).
// Misreading: list() reads a whole range, which must stay consistent, so it always keeps other
// events out and ignores allowConcurrency.
import { blindVariant, kvEverywhere, without } from './support.js';

export default blindVariant('concurrency-ignored-list', {
  backend: 'kv',
  view: kvEverywhere((base) => ({ list: (options?: any) => base.list(without(options, 'allowConcurrency')) })),
});
