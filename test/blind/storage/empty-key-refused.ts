// Violates: "Key | string, at most 2,048 bytes" (Resources): every string up to the limit is a key.
// Misreading: a key must be a non-empty string; put('') is refused.
import { blindVariant, kvEverywhere } from './support.js';

const refuseEmpty = (keys: unknown[]): void => {
  if (keys.includes('')) throw new TypeError('Keys must be non-empty strings.');
};

export default blindVariant('empty-key-refused', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: async (first: any, ...rest: any[]) => {
      refuseEmpty(typeof first === 'string' ? [first] : Object.keys(first ?? {}));
      return (base.put as any)(first, ...rest);
    },
  })),
});
