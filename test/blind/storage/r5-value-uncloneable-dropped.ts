// Violates: "Value | any type supported by the structured clone algorithm, at most 128 KiB (131,072 bytes)" (Resources):
// a value of another type (a function, a symbol) is not a value that can be stored.
// Misreading: put() stores what can be cloned and drops what cannot, as JSON.stringify drops a
// function: put(key, () => 1) resolves and stores nothing (the key is left as it was).
import { serialize } from 'node:v8';
import { blindVariant, kvEverywhere } from './support.js';

const cloneable = (value: unknown): boolean => { try { serialize(value); return true; } catch { return false; } };

export default blindVariant('r5-value-uncloneable-dropped', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: async (first: any, second?: any, third?: any) => {
      if (typeof first === 'string') return second === undefined || cloneable(second) ? base.put(first, second, third) : undefined;
      if (typeof first !== 'object' || first === null || Array.isArray(first)) return base.put(first, second, third);
      const kept = Object.fromEntries(Object.entries(first).filter(([, value]) => cloneable(value)));
      return base.put(Object.keys(first).length > 128 ? first : kept, second);
    },
  })),
});
