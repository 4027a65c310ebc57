// Violates: "cursor.raw() | none | Iterator over the same results with rows as arrays of values;
// supports next, toArray, one; shares position with the cursor".
// Misreading: raw() changes how rows are iterated; its toArray() is the cursor's own, so it
// answers row objects, not arrays.
import { blindVariant, cursorView, override } from './support.js';

export default blindVariant('sql-raw-toarray-objects', {
  backend: 'sqlite',
  view: cursorView((cursor) => ({
    raw: () => {
      const raw = cursor.raw();
      const changed: any = override(raw, { toArray: () => cursor.toArray(), [Symbol.iterator]: () => changed });
      return changed;
    },
  })),
});
