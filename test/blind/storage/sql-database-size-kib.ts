// Violates: "Database size | ctx.storage.sql.databaseSize, number, bytes of the current SQLite database".
// Misreading: databaseSize is in KiB, like the limits it is compared with (the value limit is given as 128 KiB).
import { blindVariant, sqlView } from './support.js';

export default blindVariant('sql-database-size-kib', {
  backend: 'sqlite',
  view: sqlView({ members: (sql) => ({ get databaseSize() { return sql.databaseSize / 1024; } }) }),
});
