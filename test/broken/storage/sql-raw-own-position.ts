// Misreading: raw() is a fresh iteration of the query's results, with a position of its own,
// instead of the cursor's rows seen as arrays from where the cursor is.

import { brokenCursors } from './wrap.js';

export default brokenCursors('sql-raw-own-position', (_cursor, reexecute) => ({
  raw: () => reexecute().raw(),
}));
