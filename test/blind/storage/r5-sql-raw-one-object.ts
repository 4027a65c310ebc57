// Violates: "cursor.raw() | none | Iterator over the same results with rows as arrays of values; supports next, toArray, one; shares position with the cursor".
// Misreading: raw() changes what iterating yields; one() is the cursor's own check of "exactly
// one row", so raw().one() answers the row object, not an array.
import { blindVariant, cursorView } from './support.js';

export default blindVariant('r5-sql-raw-one-object', {
  backend: 'sqlite',
  view: cursorView((cursor) => ({
    raw: () => {
      const raw = cursor.raw();
      const names = cursor.columnNames;
      const changed: any = {
        next: () => raw.next(),
        toArray: () => raw.toArray(),
        one: () => {
          const values = raw.one();
          const row: Record<string, unknown> = {};
          names.forEach((name, index) => { row[name] = values[index]; });
          return row;
        },
        [Symbol.iterator]: () => changed,
      };
      return changed;
    },
  })),
});
