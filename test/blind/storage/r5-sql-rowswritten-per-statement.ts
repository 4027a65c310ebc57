// Violates: "rowsWritten (number, same behavior, used for billing)" with "rowsRead (number, rows read so far, ...)" (Cursor): a count of rows.
// Misreading: rowsWritten counts the writes the query made, one per statement that wrote, so an
// UPDATE of three rows answers 1.
import { blindVariant, cursorView } from './support.js';

export default blindVariant('r5-sql-rowswritten-per-statement', {
  backend: 'sqlite',
  view: cursorView((cursor) => ({
    get rowsWritten() { return cursor.rowsWritten > 0 ? 1 : 0; },
  })),
});
