// Misreading: rowsRead and rowsWritten are counted when the cursor is done: they read 0 while rows
// remain, and the whole count once it is consumed (or for a statement that has no rows to hand
// out). Every count is right in the end, and never decreases.

import type { SqlStorageCursor } from '../../../contract/storage.js';
import { brokenCursors } from './wrap.js';

export default brokenCursors('sql-counters-when-consumed', (cursor) => {
  let consumed = false;
  const finished = <T>(value: T): T => { consumed = true; return value; };
  const step = (result: IteratorResult<unknown>) => (result.done ? finished(result) : result);
  const rawView = () => {
    const raw = cursor.raw();
    const view = {
      next: () => step(raw.next()),
      toArray: () => finished(raw.toArray()),
      one: () => finished(raw.one()),
      [Symbol.iterator]() { return view; },
    };
    return view;
  };
  const counted = () => consumed || cursor.columnNames.length === 0;
  return {
    next: () => step(cursor.next()) as ReturnType<SqlStorageCursor['next']>,
    toArray: () => finished(cursor.toArray()),
    one: () => finished(cursor.one()),
    raw: () => rawView() as unknown as ReturnType<SqlStorageCursor['raw']>,
    get rowsRead() { return counted() ? cursor.rowsRead : 0; },
    get rowsWritten() { return counted() ? cursor.rowsWritten : 0; },
  };
});
