// Violates: "Value | any type supported by the structured clone algorithm" (Resources): the
// structured clone algorithm keeps cycles and shared references.
// Misreading: a value is a tree of data (as JSON would have it); a value that refers to itself is
// refused with a TypeError.
import { blindVariant, kvEverywhere } from './support.js';

/** Whether the value reaches itself through objects, arrays, Maps or Sets. */
function hasCycle(value: unknown, path: Set<object> = new Set()): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (path.has(value)) return true;
  path.add(value);
  const children = value instanceof Map ? [...value.keys(), ...value.values()] : value instanceof Set ? [...value] : Object.values(value);
  const found = children.some((child) => hasCycle(child, path));
  path.delete(value);
  return found;
}

export default blindVariant('value-cycle-refused', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    put: (first: any, second?: any, third?: any) => {
      const values = typeof first === 'string' ? [second] : typeof first === 'object' && first !== null ? Object.values(first) : [];
      if (values.some((value) => hasCycle(value))) return Promise.reject(new TypeError('Converting circular structure: a value cannot refer to itself.'));
      return base.put(first, second, third);
    },
  })),
});
