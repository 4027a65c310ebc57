// Misreading: rowsWritten counts the rows of statements that start with INSERT, UPDATE, DELETE or
// REPLACE; a write through a common table expression (WITH ... INSERT) writes "nothing".

import { brokenCursors } from './wrap.js';

export default brokenCursors('sql-rows-written-first-word', (_cursor, _reexecute, query) =>
  (/^\s*with\b/i.test(query) ? { rowsWritten: 0 } : {}));
