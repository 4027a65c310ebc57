// Violates: "Value | any type supported by the structured clone algorithm, at most 128 KiB (131,072 bytes)" (Resources).
// Misreading: a value's size is the length of its JSON text (what a value "weighs" in most
// key-value stores), so a 60,000-byte Uint8Array, whose JSON is {"0":0,...}, is refused.
import { blindVariant, kvEverywhere, putArguments } from './support.js';

const jsonLength = (value: unknown): number => { try { return JSON.stringify(value)?.length ?? 0; } catch { return 0; } };

export default blindVariant('r5-value-limit-json-length', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: async (first: any, second?: any, third?: any) => {
      for (const [, value] of putArguments(first, second, third).entries) {
        if (jsonLength(value) > 131072) throw new RangeError(`Values cannot be larger than 131072 bytes; got ${jsonLength(value)}.`);
      }
      return base.put(first, second, third);
    },
  })),
});
