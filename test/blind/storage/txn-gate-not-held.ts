// Violates: "Every method is implicitly one transaction: atomic and isolated from all other storage operations"
// (Consistency rule 1) with "transaction | closure(txn) | ... Runs txn operations as one unit".
// Misreading: a transaction isolates its writes (they commit together) but not its time: other
// events are delivered while the closure awaits, as around any other storage call.
import { blindVariant } from './support.js';

export default blindVariant('txn-gate-not-held', {
  backend: 'kv',
  // The reference locks the input gate for a transaction's whole closure with gate.lock().
  instance: (instance) => { instance.gate.lock = () => () => undefined; },
});
