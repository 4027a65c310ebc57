// Violates: "columnNames (string[], order of the raw row arrays)" (Cursor): the query's columns, whatever has been read.
// Misreading: columnNames are the keys of the rows the cursor answered, so they are known once a
// row was read: [] before the first row, and for a query with no rows.
import { blindVariant, cursorView } from './support.js';
import type { SqlStorageCursor } from '../../../contract/storage.js';

function namesFromRows(cursor: SqlStorageCursor) {
  let names: string[] = [];
  const seen = (row: any): any => { if (names.length === 0 && row !== undefined) names = Object.keys(row); return row; };
  return {
    next: () => {
      const result = cursor.next();
      if (!result.done) seen(result.value);
      return result;
    },
    toArray: () => { const rows = cursor.toArray(); if (rows.length > 0) seen(rows[0]); return rows; },
    one: () => seen(cursor.one()),
    raw: () => {
      const raw = cursor.raw();
      const all = cursor.columnNames;
      const changed: any = {
        next: () => { const result = raw.next(); if (!result.done && names.length === 0) names = all; return result; },
        toArray: () => { const rows = raw.toArray(); if (rows.length > 0 && names.length === 0) names = all; return rows; },
        one: () => { const row = raw.one(); if (names.length === 0) names = all; return row; },
        [Symbol.iterator]: () => changed,
      };
      return changed;
    },
    get columnNames() { return [...names]; },
  };
}

export default blindVariant('r5-sql-columnnames-from-rows', { backend: 'sqlite', view: cursorView(namesFromRows) });
