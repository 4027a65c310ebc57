// list({startAfter: 'b', reverse: true}) includes 'b': Miniflare 2 lists from start = startAfter
// and drops the first key if it is startAfter, which in descending order is the last one.
// Document, Endpoints > list options: startAfter "Start after this key, exclusive"; reverse:
// "start stays the smallest returnable key".
import { createObject, runAsScript } from './harness.mjs';

export async function reproduce() {
  const object = await createObject();
  try {
    const listed = await object.event(async (storage) => {
      await storage.put({ a: 1, b: 2, c: 3, d: 4 });
      return [...(await storage.list({ startAfter: 'b', reverse: true })).keys()];
    });
    const forward = await object.event(async (storage) => [...(await storage.list({ startAfter: 'b' })).keys()]);
    return { present: listed.includes('b'), reverse: listed, forward };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
