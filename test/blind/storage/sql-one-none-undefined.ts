// Violates: "cursor.one() | none | The row when exactly one exists; throws on zero or more than one rows".
// Misreading: one() answers "the one row, if any": undefined when there is none; several rows still throw.
import { blindVariant, cursorView } from './support.js';

export default blindVariant('sql-one-none-undefined', {
  backend: 'sqlite',
  view: cursorView((cursor) => ({
    one: () => {
      const rows = cursor.toArray();
      if (rows.length > 1) throw new Error('Expected exactly one result from SQL query, but got multiple results.');
      return rows[0];
    },
  })),
});
