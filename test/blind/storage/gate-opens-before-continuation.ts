// Violates: "While a storage operation is in progress, delivery of I/O events to the object is
// paused ...; so reads followed by writes with no other I/O behave as a transaction." (Consistency rule 3)
// Misreading: "in progress" ends when the operation's promise resolves, so the gate opens before
// the code awaiting it continues: `v = await get(k); await <non-I/O promise>; put(k, v + 1)` can
// interleave with another event.
import { blindVariant } from './support.js';

export default blindVariant('gate-opens-before-continuation', {
  backend: 'kv',
  instance: (instance) => {
    const gate = instance.gate as any;
    // The reference releases a turn's locks on setImmediate, after the awaiting code's
    // continuations ran; here each lock goes with a microtask queued by the operation itself,
    // which runs before the continuation of the code awaiting it. (The write buffer still flushes
    // on its own schedule.)
    gate.lockForTurn = function lockForTurn(this: any) {
      this.locks++;
      queueMicrotask(() => this.unlock(1));
    };
  },
});
