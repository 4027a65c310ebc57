// Misreading: columnNames are read from the first row, so a SELECT that returns no rows has no
// columns.

import { brokenCursors } from './wrap.js';

export default brokenCursors('sql-columns-only-with-rows', (_cursor, reexecute, query) => {
  // Only a plain SELECT is run again to look at its rows (running a write again would write twice).
  if (!/^\s*select\b/i.test(query) || query.includes(';')) return {};
  return reexecute().toArray().length === 0 ? { columnNames: [] } : {};
});
