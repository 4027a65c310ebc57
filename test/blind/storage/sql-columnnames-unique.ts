// Violates: "Cursor (SqlStorageCursor) | ... properties: columnNames (string[], order of the raw row arrays)".
// Misreading: columnNames names the row object's keys, so a name appears once: for
// `SELECT 1 AS a, 2 AS a` it is ['a'], though the raw rows have two values.
import { blindVariant, cursorView } from './support.js';

export default blindVariant('sql-columnnames-unique', {
  backend: 'sqlite',
  view: cursorView((cursor) => ({ columnNames: [...new Set(cursor.columnNames)] })),
});
