// Violates: "cursor.toArray() | none | Array of the remaining row objects".
// Misreading: toArray() answers all the query's rows, those already taken with next() included.
import { blindVariant, cursorView } from './support.js';
import type { SqlRow, SqlStorageCursor } from '../../../contract/storage.js';

function rememberingRows(cursor: SqlStorageCursor) {
  const taken: SqlRow[] = [];
  return {
    next: () => {
      const result = cursor.next();
      if (!result.done) taken.push(result.value);
      return result;
    },
    toArray: () => [...taken.splice(0), ...cursor.toArray()],
  };
}

export default blindVariant('sql-toarray-from-start', { backend: 'sqlite', view: cursorView(rememberingRows) });
