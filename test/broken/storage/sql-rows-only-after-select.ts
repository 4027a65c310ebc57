// Misreading: a statement returns rows when its text starts with SELECT (or it is a write with
// RETURNING); any other (VALUES, WITH, EXPLAIN, a SELECT after a leading comment) gives an empty
// cursor: no columns, no rows. The statement still runs. Queries of several statements are left
// alone (their cursor is the last one's, an extended rule this misreading is not about).

import type { SqlStorageCursor } from '../../../contract/storage.js';
import { brokenCursors } from './wrap.js';

const NO_RESULTS = 'Expected exactly one result from SQL query, but got no results.';

function emptyCursor(real: SqlStorageCursor): Partial<SqlStorageCursor> {
  const done = () => ({ done: true, value: undefined }) as IteratorReturnResult<undefined>;
  const none = { next: done, toArray: () => [], one: () => { throw new Error(NO_RESULTS); } };
  return {
    ...none,
    columnNames: [],
    rowsRead: 0,
    raw: () => {
      const iterator = { ...none, [Symbol.iterator]: () => iterator };
      return iterator as ReturnType<SqlStorageCursor['raw']>;
    },
    // Iterating the cursor itself goes through next().
    [Symbol.iterator]: () => ({ next: done, [Symbol.iterator]() { return this; } }) as unknown as SqlStorageCursor,
    rowsWritten: real.rowsWritten,
  };
}

export default brokenCursors('sql-rows-only-after-select', (cursor, _reexecute, query) =>
  (query.includes(';') || /^\s*select\b/i.test(query) || /\breturning\b/i.test(query) ? {} : emptyCursor(cursor)));
