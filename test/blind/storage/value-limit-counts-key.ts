// Violates: "Value | any type supported by the structured clone algorithm, at most 128 KiB (131,072 bytes)" (Resources).
// Misreading: the 128 KiB is the size of the stored pair, key and value together.
import { blindVariant, kvEverywhere, putArguments, serializedBytes, utf8Bytes } from './support.js';

export default blindVariant('value-limit-counts-key', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: async (first: any, second?: any, third?: any) => {
      for (const [key, value] of putArguments(first, second, third).entries) {
        const size = value === undefined ? 0 : utf8Bytes(key) + serializedBytes(value);
        if (size > 131_072) throw new RangeError(`Entries cannot be larger than 131072 bytes. An entry of size ${size} was provided.`);
      }
      return (base.put as any)(first, second, third);
    },
  })),
});
