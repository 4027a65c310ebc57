// A string value of 131,098 characters (131,098 bytes in UTF-8) is stored: Miniflare 2 measures a
// value by its V8 serialization (6 bytes of header for such a string) and allows 32 bytes over
// 128 KiB (ENFORCED_MAX_VALUE_SIZE = 131,104), so strings of up to 131,098 one-byte characters pass.
// Document, Resources > Value and Limits > Value size: "at most 128 KiB (131,072 bytes)".
import { createObject, runAsScript } from './harness.mjs';

const attempt = (object, length) => object.event((storage) => storage.put(`s${length}`, 'x'.repeat(length)))
  .then(() => 'accepted', (error) => `refused: ${error.message}`);

export async function reproduce() {
  const object = await createObject();
  try {
    const outcomes = {};
    for (const length of [131_072, 131_073, 131_098, 131_099]) outcomes[length] = await attempt(object, length);
    return { present: outcomes[131_098] === 'accepted', outcomes };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
