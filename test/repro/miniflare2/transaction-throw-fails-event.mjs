// A transaction whose closure throws makes the whole event fail, even when the object catches the
// rejection of transaction() and answers: Miniflare 2 puts the transaction's promise on the
// event's output gate, which then rejects with the closure's error. No write failed.
// Document, Endpoints > transaction: transaction(closure) returns a Promise, the closure's
// transaction "commits or aborts"; Consistency rules 4 and Errors: clients receive errors when "a
// write fails" (the aborted transaction writes nothing).
import { createObject, runAsScript } from './harness.mjs';

export async function reproduce() {
  const object = await createObject();
  try {
    let caught;
    const answer = await object.event(async (storage) => {
      try {
        await storage.transaction(async (txn) => {
          await txn.put('a', 1);
          throw new Error('abort this transaction');
        });
      } catch (error) {
        caught = error.message;
      }
      return 'answered';
    }).then((value) => value, (error) => `error: ${error.message}`);
    const written = await object.event((storage) => storage.get('a'));
    return { present: caught !== undefined && answer !== 'answered', objectCaught: caught, clientGot: answer, writtenByAbortedTransaction: written === undefined ? 'nothing' : written };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
