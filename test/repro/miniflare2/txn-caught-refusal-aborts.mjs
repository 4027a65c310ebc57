// A txn.put refused (a value that cannot be cloned), whose refusal the closure catches: the closure
// completes, yet Miniflare 2 stores none of the transaction's other writes.
// Document, Endpoints > transaction: the closure's transaction commits unless it throws ("rolls
// back when the closure throws"); a refused call writes nothing, the closure's other writes stand.
import { createObject, runAsScript } from './harness.mjs';

export async function reproduce() {
  const object = await createObject();
  try {
    let refusal;
    const answer = await object.event(async (storage) => {
      await storage.transaction(async (txn) => {
        await txn.put('kept', 1);
        try {
          await txn.put('refused', () => {});
        } catch (error) {
          refusal = error.message;
        }
      });
      return 'committed';
    }).then((value) => value, (error) => `error: ${error.message}`);
    const kept = await object.event((storage) => storage.get('kept'));
    return { present: refusal !== undefined && kept === undefined, refusal, closureAnswer: answer, kept: kept === undefined ? 'nothing' : kept };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
