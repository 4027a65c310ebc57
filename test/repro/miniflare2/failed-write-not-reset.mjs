// After a write fails to reach disk, the object is not reset: the client gets an error, but the
// object goes on reading the lost value (Miniflare 2 keeps unflushed writes in its shadow copy
// when the flush fails), and its next flush writes it to disk.
// Document, What the service does > Consistency rules 4 and Errors: "If a write fails, the object
// is reset, outgoing messages are discarded and clients receive errors".
import { createObject, FailingDisk, runAsScript } from './harness.mjs';

export async function reproduce() {
  const disk = new FailingDisk();
  const object = await createObject({ disk });
  try {
    await object.event((storage) => storage.put('k', 'flushed'));
    disk.failNextWrite();
    const client = await object.event((storage) => storage.put('k', 'lost').then(() => 'answered')).then((answer) => answer, (error) => `error: ${error.message}`);
    const readAfter = await object.event((storage) => storage.get('k'));
    await object.event((storage) => storage.put('unrelated', 1));
    const onDiskAfterNextFlush = (await disk.get('k')) !== undefined ? 'the lost value' : 'nothing';
    return { present: readAfter === 'lost', client, readAfterFailedWrite: readAfter, onDiskAfterNextFlush };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
