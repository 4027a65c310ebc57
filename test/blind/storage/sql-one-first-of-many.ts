// Violates: "cursor.one() | none | The row when exactly one exists; throws on zero or more than one rows"
// and the Errors table: "cursor.one() with zero or several rows | Throws an exception".
// Misreading: one() is "the first row": it throws when there is none and answers the first of several.
import { blindVariant, cursorView } from './support.js';

export default blindVariant('sql-one-first-of-many', {
  backend: 'sqlite',
  view: cursorView((cursor) => ({
    one: () => {
      const first = cursor.next();
      if (first.done) throw new Error('Expected a result from SQL query, but got no results.');
      return first.value;
    },
  })),
});
