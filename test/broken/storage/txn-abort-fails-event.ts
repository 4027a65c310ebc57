// Misreading (Miniflare 2's): the event's output gate waits on each transaction's promise as on a
// write, so a transaction that aborts fails the whole event with its rejection, even when the
// object caught the rejection and answered.

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage, StorageTransaction } from '../../../contract/storage.js';
import { override } from './wrap.js';

/** The reference's per-event storage facade holds its event's output gate (a private field). */
interface WithOutputGate { outputGate: { hold(flush: Promise<void>): void } }

function gatedTransactions(storage: ObjectStorage): Partial<ObjectStorage> {
  return {
    transaction<T>(closure: (txn: StorageTransaction) => Promise<T>): Promise<T> {
      const running = storage.transaction(closure);
      const held = running.then(() => undefined);
      held.catch(() => {}); // the gate reports it; not an unhandled rejection meanwhile
      (storage as unknown as WithOutputGate).outputGate.hold(held);
      return running;
    },
  };
}

export default referenceAdapter('txn-abort-fails-event', 'kv', (storage) => override(storage, gatedTransactions(storage)));
