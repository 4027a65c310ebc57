// Violates: "cursor.raw() | none | Iterator over the same results with rows as arrays of values; supports next, toArray, one; shares position with the cursor".
// Misreading: raw() is a second iterator over the same results, from their first row, whatever the cursor already read.
import { blindVariant, cursorView } from './support.js';
import type { SqlRawIterator, SqlStorageCursor, SqlValue } from '../../../contract/storage.js';

function rawFromStart(cursor: SqlStorageCursor) {
  // Every row is read up front, so that raw() can start again from the first.
  const rows: SqlValue[][] = cursor.raw().toArray();
  const columns = cursor.columnNames;
  const asObject = (values: SqlValue[]) => Object.fromEntries(columns.map((name, i) => [name, values[i]!]));
  const reader = <T>(shape: (values: SqlValue[]) => T) => {
    let position = 0;
    return {
      next: (): IteratorResult<T> => (position < rows.length ? { done: false, value: shape(rows[position++]!) } : ({ done: true } as IteratorReturnResult<undefined>)),
      toArray: (): T[] => rows.slice(position, (position = rows.length)).map(shape),
      one: (): T => {
        const rest = rows.slice(position, (position = rows.length));
        if (rest.length !== 1) throw new Error(`Expected exactly one result from SQL query, but got ${rest.length === 0 ? 'no' : 'multiple'} results.`);
        return shape(rest[0]!);
      },
    };
  };
  const own = reader(asObject);
  return {
    ...own,
    raw: (): SqlRawIterator => {
      const iterator: SqlRawIterator = { ...reader((values) => values), [Symbol.iterator]: () => iterator };
      return iterator;
    },
  };
}

export default blindVariant('sql-raw-own-position', { backend: 'sqlite', view: cursorView(rawFromStart) });
