// Violates: "While a storage operation is in progress, delivery of I/O events to the object is
// paused unless allowConcurrency is true; so reads followed by writes with no other I/O behave as a transaction." (Consistency rule 3)
// Misreading: only writes pause delivery; reads are always concurrent, as if allowConcurrency were true.
import { blindVariant, override } from './support.js';

const concurrent = (options: any): any => ({ ...(options ?? {}), allowConcurrency: true });

export default blindVariant('gate-none-for-reads', {
  backend: 'kv',
  view: (storage) => override(storage, {
    get: (keys: any, options?: any) => storage.get(keys, concurrent(options)),
    list: (options?: any) => storage.list(concurrent(options)),
    getAlarm: (options?: any) => storage.getAlarm(concurrent(options)),
  }),
});
