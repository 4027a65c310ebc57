// An answer that saw another event's write goes out before that write is flushed, and also when
// that write then fails to reach disk: Miniflare 2's output gate belongs to one event
// (DurableObjectState creates one per event) and holds that event's answer for that event's own
// writes only.
// Document, What the service does > Consistency rules 4: "Outgoing network messages are held until
// earlier writes are flushed to disk unless allowUnconfirmed is true".
import { deserialize } from 'node:v8';
import { createObject, FailingDisk, HoldingDisk, runAsScript } from './harness.mjs';

/** No fault, a slow disk: an event already running reads another event's write while its flush waits for the disk. */
async function readerAnswersBeforeTheFlush() {
  const disk = new HoldingDisk();
  const object = await createObject({ disk });
  try {
    disk.hold();
    let written;
    const writeIssued = new Promise((resolve) => (written = resolve));
    const arrivals = [];
    const reader = object.event(async (storage) => {
      await writeIssued;
      return storage.get('k');
    }).then((seen) => arrivals.push({ reader: seen, writeOnDiskYet: !disk.holding }));
    // Let the reader's event start (its delivery waits a turn of the event loop) before the writer's.
    await new Promise((resolve) => setImmediate(resolve));
    const writer = object.event(async (storage) => {
      const put = storage.put('k', 'unflushed');
      written();
      await put;
      return 'written';
    }).then((answer) => arrivals.push({ writer: answer }));
    // Give both events every chance to answer while the disk holds the flush (real time, 50 ms).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const beforeTheFlush = [...arrivals];
    disk.release();
    await Promise.all([reader, writer]);
    const readerAnswer = beforeTheFlush.find((arrival) => 'reader' in arrival);
    return { shown: readerAnswer?.reader === 'unflushed' && readerAnswer.writeOnDiskYet === false, answeredWhileTheDiskHeldTheFlush: beforeTheFlush, afterTheFlush: arrivals };
  } finally {
    object.dispose();
  }
}

/** As the suite sees it: the writer's flush fails; a reader issued right after answers the lost value. */
async function readerAnswersAWriteThatFailed() {
  const disk = new FailingDisk();
  const object = await createObject({ disk });
  try {
    await object.event((storage) => storage.put('k', 'flushed'));
    disk.failNextWrite();
    const writer = object.event(async (storage) => { await storage.put('k', 'lost'); return 'written'; }).then((answer) => answer, (error) => `error: ${error.message}`);
    const reader = object.event((storage) => storage.get('k')).then((seen) => seen, (error) => `error: ${error.message}`);
    const outcome = { writer: await writer, reader: await reader };
    const onDisk = deserialize((await disk.get('k')).value);
    return { shown: outcome.writer.startsWith('error') && outcome.reader === 'lost' && onDisk === 'flushed', ...outcome, onDisk };
  } finally {
    object.dispose();
  }
}

export async function reproduce() {
  const slowDisk = await readerAnswersBeforeTheFlush();
  const failingDisk = await readerAnswersAWriteThatFailed();
  return { present: slowDisk.shown && failingDisk.shown, slowDisk, failingDisk };
}

await runAsScript(import.meta.url, reproduce);
