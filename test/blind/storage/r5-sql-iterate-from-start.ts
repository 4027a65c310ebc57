// Violates: "Cursor (SqlStorageCursor) | Iterable and Iterator of row objects" with "cursor.toArray() | none | Array of the remaining row objects":
// the cursor is its own iterator, so for-of goes on from where next() left it.
// Misreading: the cursor is an Iterable of the query's rows (like an array): each for-of over it
// starts again from the first row, those next() already answered included.
import { blindVariant, sqlView } from './support.js';
import type { SqlRow, SqlStorageCursor } from '../../../contract/storage.js';
import { override } from './support.js';

export default blindVariant('r5-sql-iterate-from-start', {
  backend: 'sqlite',
  view: sqlView({
    exec: (exec, query, bindings) => {
      const cursor = exec(query, ...bindings);
      const taken: SqlRow[] = [];
      const next = (): IteratorResult<SqlRow> => {
        const result = cursor.next();
        if (!result.done) taken.push(result.value);
        return result;
      };
      function* fromStart(): Generator<SqlRow> {
        yield* [...taken];
        for (let result = next(); !result.done; result = next()) yield result.value;
      }
      const changed: SqlStorageCursor = override(cursor, {
        next,
        toArray: () => { const rows = cursor.toArray(); taken.push(...rows); return rows; },
        [Symbol.iterator]: () => fromStart(),
      });
      return changed;
    },
  }),
});
