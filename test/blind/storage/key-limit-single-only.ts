// Violates: "Key | string, at most 2,048 bytes" (Resources) and "Key size | 2,048 bytes" (Limits),
// for "put | entries: object, options? | Promise | Stores each key and value; at most 128 pairs".
// Misreading: "Key and value size limits apply" is the rule of put(key, value); the batch form's
// rule says only "at most 128 pairs", so put(entries) stores keys of any size.
import { MAX_BATCH_SIZE } from '../../../reference-impl/storage/keys.js';
import { serializeValue } from '../../../reference-impl/storage/values.js';
import { blindVariant, override, utf8Bytes } from './support.js';

export default blindVariant('key-limit-single-only', {
  backend: 'kv',
  view: (storage) => override(storage, {
    put: (first: any, second?: any, third?: any) => {
      const batch = typeof first === 'object' && first !== null && !Array.isArray(first);
      if (!batch || !Object.keys(first).some((key) => utf8Bytes(key) > 2048)) return storage.put(first, second, third);
      // The facade's own operation and output gate (private at compile time only), without the key check.
      const facade = storage as any;
      return facade.operation(true, () => {
        const entries = Object.entries(first).filter(([, value]) => value !== undefined);
        if (entries.length > MAX_BATCH_SIZE) throw new RangeError(`Maximum number of key value pairs is ${MAX_BATCH_SIZE}. ${entries.length} pairs were provided.`);
        const writes = new Map(entries.map(([key, value]) => [key, serializeValue(value)]));
        facade.confirm(facade.instance.buffer.write(writes), second ?? {});
      });
    },
  }),
});
