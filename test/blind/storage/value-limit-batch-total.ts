// Violates: "Value | any type supported by the structured clone algorithm, at most 128 KiB (131,072
// bytes)" (Resources) and "Value size | 128 KiB (131,072 bytes)" (Limits): the limit is per value.
// Misreading: put(entries) is one write, so the 128 KiB bounds the values of the batch together:
// two values of 70 KiB each are refused in one put(entries).
import { blindVariant, kvEverywhere, serializedBytes } from './support.js';

export default blindVariant('value-limit-batch-total', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: (first: any, second?: any, third?: any) => {
      if (typeof first !== 'object' || first === null || Array.isArray(first)) return base.put(first, second, third);
      const total = Object.values(first).filter((value) => value !== undefined).reduce((sum: number, value) => sum + serializedBytes(value), 0);
      if (total > 131072) return Promise.reject(new RangeError(`Values cannot be larger than 131072 bytes. A value of size ${total} was provided.`));
      return base.put(first, second);
    },
  })),
});
