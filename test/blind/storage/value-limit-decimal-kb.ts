// Violates: "Value | ... at most 128 KiB (131,072 bytes)" (Resources) and "Value size | 128 KiB (131,072 bytes)" (Limits).
// Misreading: 128 KiB taken as 128 kB, so values of 128,001..131,072 bytes are refused.
import { blindVariant, kvEverywhere, putArguments, serializedBytes } from './support.js';

export default blindVariant('value-limit-decimal-kb', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: async (first: any, second?: any, third?: any) => {
      for (const [, value] of putArguments(first, second, third).entries) {
        if (value !== undefined && serializedBytes(value) > 128_000) {
          throw new RangeError(`Values cannot be larger than 128000 bytes. A value of size ${serializedBytes(value)} was provided.`);
        }
      }
      return (base.put as any)(first, second, third);
    },
  })),
});
