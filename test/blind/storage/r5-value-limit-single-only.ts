// Violates: "Value | ... at most 128 KiB (131,072 bytes)" (Resources) with "put | entries: object, options? | Promise | Stores each key and value; at most 128 pairs".
// Misreading: "Key and value size limits apply" is the rule of put(key, value); the batch form's
// rule says only "at most 128 pairs", so put(entries) stores values of any size (keys and the
// pair count still checked).
import { serialize } from 'node:v8';
import { blindVariant, serializedBytes } from './support.js';
import { checkBatchSize, toStoredKey } from '../../../reference-impl/storage/keys.js';
import { checkOptions } from '../../../reference-impl/storage/kv-ops.js';

const tooBig = (value: unknown): boolean => { try { return serializedBytes(value) > 131072; } catch { return false; } };

export default blindVariant('r5-value-limit-single-only', {
  backend: 'kv',
  view: (storage) => new Proxy(storage, {
    get(target, property) {
      if (property === 'put') {
        return (first: any, second?: any, third?: any) => {
          const batch = typeof first === 'object' && first !== null && !Array.isArray(first);
          if (!batch || !Object.values(first).some(tooBig)) return (target as any).put(first, second, third);
          // The batch as the facade would store it, without measuring the values.
          const facade = target as any;
          return facade.operation(true, () => {
            const entries = Object.entries(first);
            checkBatchSize(entries.length);
            const writes = new Map<string, Buffer>();
            for (const [key, value] of entries) if (value !== undefined) writes.set(toStoredKey(key, 'put'), serialize(value));
            facade.confirm(facade.instance.buffer.write(writes), checkOptions('put', second));
          });
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }),
});
