// Violates: "rowsRead (number, rows read so far, may grow while iterating, final value is used for billing)" (Cursor).
// Misreading: rowsRead is the billing figure, known once the query is done, so it is 0 until the
// cursor is consumed (after next() answered a row, rowsRead still says 0).
import { blindVariant, cursorView } from './support.js';
import type { SqlStorageCursor } from '../../../contract/storage.js';

function readWhenConsumed(cursor: SqlStorageCursor) {
  let consumed = false;
  return {
    next: () => {
      const result = cursor.next();
      if (result.done) consumed = true;
      return result;
    },
    toArray: () => { try { return cursor.toArray(); } finally { consumed = true; } },
    one: () => { try { return cursor.one(); } finally { consumed = true; } },
    get rowsRead() { return consumed ? cursor.rowsRead : 0; },
  };
}

export default blindVariant('r5-sql-rowsread-when-consumed', { backend: 'sqlite', view: cursorView(readWhenConsumed) });
