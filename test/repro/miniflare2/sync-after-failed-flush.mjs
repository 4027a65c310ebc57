// sync() resolves although the pending write failed to reach disk: Miniflare 2's sync() waits only
// until no flush is pending, whatever became of it. sync() is called after the unconfirmed put and
// before it settled (once it settled, Miniflare 2's put promise has rejected with the failure).
// Document, Endpoints > sync: "Resolves when all pending writes (including allowUnconfirmed ones)
// are on disk"; Errors: a write that fails to reach disk is never on disk.
import { createObject, FailingDisk, runAsScript } from './harness.mjs';

export async function reproduce() {
  const disk = new FailingDisk();
  const object = await createObject({ disk });
  try {
    disk.failNextWrite();
    const answer = await object.event(async (storage) => {
      const write = storage.put('k', 1, { allowUnconfirmed: true }).then(() => 'written', (error) => `failed: ${error.message}`);
      await storage.sync();
      return { sync: 'resolved', write: await write };
    }).then((value) => value, (error) => ({ sync: `rejected: ${error.message}` }));
    const onDisk = (await disk.get('k')) !== undefined;
    return { present: answer.sync === 'resolved' && !onDisk, ...answer, onDisk };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
