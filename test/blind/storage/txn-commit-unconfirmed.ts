// Violates: "Outgoing network messages are held until earlier writes are flushed to disk unless
// allowUnconfirmed is true. If a write fails, the object is reset, outgoing messages are discarded
// and clients receive errors" (Consistency rules 4), for the writes of a transaction.
// Misreading: the rule is the write methods' (allowUnconfirmed is their option); a transaction
// commits its writes itself, so its result is not held for their flush: a caller is answered
// even when the commit's flush fails.
import { blindVariant, override } from './support.js';

export default blindVariant('txn-commit-unconfirmed', {
  backend: 'kv',
  view: (storage) => override(storage, {
    transaction: async (closure: (txn: any) => Promise<unknown>) => {
      const gate = (storage as any).outputGate;
      try {
        return await storage.transaction(async (txn) => {
          const value = await closure(txn);
          gate.hold = () => {}; // the commit that follows holds nothing
          return value;
        });
      } finally {
        delete gate.hold;
      }
    },
  }),
});
