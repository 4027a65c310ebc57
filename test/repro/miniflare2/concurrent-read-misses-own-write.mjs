// A get or list with allowConcurrency, issued by an event right after its own put (not awaited
// yet), does not see that put: get answers undefined and list nothing. The same get without the
// option sees it (the control). Miniflare 2 serves a read with allowConcurrency outside the
// event's input gate, from the storage as flushed, not from the writes the event already issued.
// Document, Options > allowConcurrency: "concurrent events may be delivered during the operation"
// (nothing else changes); What the service does: "strongly consistent storage", every method
// "implicitly one transaction"; noCache: "A get before the write completes returns the
// write-buffer copy".
import { createObject, runAsScript } from './harness.mjs';

export async function reproduce() {
  const object = await createObject();
  try {
    const read = (options) => object.event(async (storage) => {
      const key = `k-${options.allowConcurrency ? 'concurrent' : 'plain'}`;
      const writing = storage.put(key, 1);
      const got = storage.get(key, options);
      const listed = storage.list({ start: key, limit: 1, ...options });
      await writing;
      return { get: await got, list: [...(await listed).entries()] };
    });
    const plain = await read({});
    const concurrent = await read({ allowConcurrency: true });
    const seen = (answer) => answer.get === 1 && answer.list.length === 1;
    return { present: seen(plain) && !seen(concurrent), withoutTheOption: plain, withAllowConcurrency: concurrent };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
