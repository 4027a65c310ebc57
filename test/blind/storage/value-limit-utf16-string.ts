// Violates: "Value | ... at most 128 KiB (131,072 bytes)" (Resources).
// Misreading: a string value is measured as JavaScript holds it (two bytes per UTF-16 code unit),
// so an ASCII string of more than 65,536 characters is refused.
import { blindVariant, kvEverywhere, putArguments } from './support.js';

export default blindVariant('value-limit-utf16-string', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: async (first: any, second?: any, third?: any) => {
      for (const [, value] of putArguments(first, second, third).entries) {
        if (typeof value === 'string' && value.length * 2 > 131_072) {
          throw new RangeError(`Values cannot be larger than 131072 bytes. A value of size ${value.length * 2} was provided.`);
        }
      }
      return (base.put as any)(first, second, third);
    },
  })),
});
