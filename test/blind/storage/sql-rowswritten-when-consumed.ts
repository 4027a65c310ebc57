// Violates: "rowsWritten (number, same behavior, used for billing)" with "rowsRead (number, rows read so far, may grow while iterating, final value is used for billing)".
// Misreading: rowsWritten is counted as the cursor is consumed, so it is 0 until the cursor is done.
import { blindVariant, cursorView } from './support.js';
import type { SqlStorageCursor } from '../../../contract/storage.js';

function countingWhenConsumed(cursor: SqlStorageCursor) {
  let consumed = false;
  const consume = <T>(result: T): T => { consumed = true; return result; };
  return {
    next: () => {
      const result = cursor.next();
      if (result.done) consumed = true;
      return result;
    },
    toArray: () => consume(cursor.toArray()),
    one: () => { try { return cursor.one(); } finally { consumed = true; } },
    get rowsWritten() { return consumed ? cursor.rowsWritten : 0; },
  };
}

export default blindVariant('sql-rowswritten-when-consumed', { backend: 'sqlite', view: cursorView(countingWhenConsumed) });
