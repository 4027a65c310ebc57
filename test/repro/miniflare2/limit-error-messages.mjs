// Extended profile only: the limit errors are RangeErrors, but their messages are not the
// production service's (reference-notes, Storage runtime: "Keys cannot be larger than 2048 bytes.
// A key of size N was provided.", "Values cannot be larger than 131072 bytes. A value of size N
// was provided.", "Maximum number of key value pairs is 128. N pairs were provided.").
// The document itself does not show exception messages (Errors: "Exception types and messages: not shown").
import { createObject, runAsScript } from './harness.mjs';

const PRODUCTION = {
  key: /^Keys cannot be larger than 2048 bytes\. A key of size \d+ was provided\.$/,
  value: /^Values cannot be larger than 131072 bytes\. A value of size \d+ was provided\.$/,
  batch: /^Maximum number of key value pairs is 128\. 129 pairs were provided\.$/,
};

export async function reproduce() {
  const object = await createObject();
  const keys = Array.from({ length: 129 }, (_, i) => `k${i}`);
  const refusal = (work) => object.event(work).then(() => 'accepted', (error) => `${error.name}: ${error.message}`);
  try {
    const messages = {
      key: await refusal((storage) => storage.put('k'.repeat(2049), 1)),
      value: await refusal((storage) => storage.put('v', 'x'.repeat(140_000))),
      'batch get': await refusal((storage) => storage.get(keys)),
      'batch put': await refusal((storage) => storage.put(Object.fromEntries(keys.map((key) => [key, 1])))),
      'batch delete': await refusal((storage) => storage.delete(keys)),
    };
    const matches = (text, pattern) => text.startsWith('RangeError: ') && pattern.test(text.slice('RangeError: '.length));
    const differs = {
      key: !matches(messages.key, PRODUCTION.key),
      value: !matches(messages.value, PRODUCTION.value),
      batch: ['batch get', 'batch put', 'batch delete'].some((call) => !matches(messages[call], PRODUCTION.batch)),
    };
    return { present: differs.key && differs.value && differs.batch, differs, messages };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
