// Violates: "Cursor (SqlStorageCursor) | ... properties: columnNames (string[], order of the raw row arrays)".
// Misreading: columnNames is the set of the rows' keys, answered sorted by name.
import { blindVariant, cursorView } from './support.js';

export default blindVariant('sql-columnnames-sorted', {
  backend: 'sqlite',
  view: cursorView((cursor) => ({
    get columnNames() { return [...cursor.columnNames].sort(); },
  })),
});
