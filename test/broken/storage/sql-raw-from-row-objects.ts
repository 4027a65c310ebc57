// Misreading: a row is an object, so raw() is each row object's values. A duplicated column name
// keeps one value (the arrays are short), and integer-like names come first, in numeric order
// (JavaScript's order of an object's keys), not in columnNames order.

import type { SqlRawIterator, SqlValue } from '../../../contract/storage.js';
import { brokenCursors } from './wrap.js';

export default brokenCursors('sql-raw-from-row-objects', (cursor) => ({
  raw: () => {
    const values = (row: object) => Object.values(row) as SqlValue[];
    const iterator: SqlRawIterator = {
      next: () => {
        const result = cursor.next();
        return result.done ? result : { done: false, value: values(result.value) };
      },
      toArray: () => cursor.toArray().map(values),
      one: () => values(cursor.one()),
      [Symbol.iterator]: () => iterator,
    };
    return iterator;
  },
}));
