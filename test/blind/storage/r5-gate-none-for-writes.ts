// Violates: "While a storage operation is in progress, delivery of I/O events to the object is paused unless allowConcurrency is true" (Consistency rule 3):
// a write is a storage operation, and allowConcurrency is not one of its options.
// Misreading: the input gate protects reads (a read followed by a write is the transaction the
// rule speaks of); a write answers at once and pauses nothing, so while code awaits a put()
// another event may run.
import { blindVariant, override } from './support.js';

const WRITES = ['put', 'delete', 'deleteAll', 'setAlarm', 'deleteAlarm'] as const;

export default blindVariant('r5-gate-none-for-writes', {
  backend: 'kv',
  view: (storage) => {
    const gate = (storage as any).instance.gate;
    const ungated = (method: (typeof WRITES)[number]) => (...args: unknown[]) => {
      gate.lockForTurn = () => {};
      try {
        return (storage[method] as (...a: unknown[]) => Promise<unknown>)(...args);
      } finally {
        delete gate.lockForTurn;
      }
    };
    return override(storage, Object.fromEntries(WRITES.map((method) => [method, ungated(method)])));
  },
});
