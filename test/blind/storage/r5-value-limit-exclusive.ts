// Violates: "Value | any type supported by the structured clone algorithm, at most 128 KiB (131,072 bytes)" (Resources) and "Value size | 128 KiB (131,072 bytes)" (Limits).
// Misreading: the limit is exclusive (a value must stay below 128 KiB), so a value of exactly
// 131,072 bytes is refused.
import { blindVariant, kvEverywhere, putArguments, serializedBytes } from './support.js';

/** The value's size, or 0 when it cannot be serialized (then the reference's own error stands). */
const sizeOf = (value: unknown): number => { try { return serializedBytes(value); } catch { return 0; } };

export default blindVariant('r5-value-limit-exclusive', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: async (first: any, second?: any, third?: any) => {
      for (const [, value] of putArguments(first, second, third).entries) {
        if (value !== undefined && sizeOf(value) >= 131072) throw new RangeError(`Values must be smaller than 131072 bytes; got ${sizeOf(value)}.`);
      }
      return base.put(first, second, third);
    },
  })),
});
