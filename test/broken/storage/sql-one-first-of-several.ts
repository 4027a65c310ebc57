// Misreading: one() is "the first row": it throws only when there is none, and with several rows
// returns the first instead of throwing.

import { brokenCursors } from './wrap.js';

export default brokenCursors('sql-one-first-of-several', (cursor) => ({
  one: () => {
    const [first] = cursor.toArray();
    if (first === undefined) throw new Error('Expected exactly one result from SQL query, but got no results.');
    return first;
  },
}));
