// Violates: "If a write fails, the object is reset, outgoing messages are discarded and clients
// receive errors." (Consistency rule 4) and "Write fails to reach disk | Object is reset, pending outgoing messages discarded, clients get errors".
// Misreading: a failed write fails the calls that wrote it; the object itself carries on as it is
// (no reset), and other events in flight answer normally.
import { blindVariant } from './support.js';

export default blindVariant('failed-write-no-reset', {
  backend: 'kv',
  patch: ({ internals }) => {
    (internals as any).reset = (_instance: unknown, cause: unknown) => new Error('write failed to reach disk', { cause });
  },
});
