// Misreading: a transaction keeps new events out (the input gate) but not the events already in
// flight: one that awaited other I/O before its transaction() runs it beside another's, and both
// read the same value (the reference before it held them off). Isolation of a transaction breaks
// only when the events really ran together.

import { patchedInstances } from './wrap.js';

export default patchedInstances<{ transactions: { heldAgainst(event: object): boolean } }>('txn-in-flight-not-held', (instance) => {
  instance.transactions.heldAgainst = () => false;
});
