// Violates: "Database size | ctx.storage.sql.databaseSize, number, bytes of the current SQLite
// database" with "KV methods on the SQLite backend keep their data in a hidden SQLite table".
// Misreading: databaseSize is the size of what the SQL API holds; the key-value table is hidden
// from it, so the bytes of key-value data are not counted (put() of 100 KB leaves it as it was).
import { blindVariant, override } from './support.js';

export default blindVariant('sql-database-size-sql-only', {
  backend: 'sqlite',
  view: (storage, { internals }) => override(storage, {
    get sql() {
      const sql = storage.sql;
      if (sql === undefined) return undefined;
      return override(sql, {
        get databaseSize() {
          const size = sql.databaseSize; // flushes what the event wrote through put() first
          const db = internals.instance.store.sql!.connection();
          const pageSize = Number(db.pragma('page_size', { simple: true }));
          const kvBytes = Number(db.prepare('SELECT COALESCE(SUM(length(key) + length(value)), 0) FROM _cf_KV').pluck().get());
          return Math.max(pageSize, size - Math.ceil(kvBytes / pageSize) * pageSize);
        },
      });
    },
  }),
});
