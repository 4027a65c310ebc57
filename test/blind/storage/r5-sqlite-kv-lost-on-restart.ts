// Violates: "KV methods on the SQLite backend keep their data in a hidden SQLite table" (What the service does),
// "Covers the whole SQLite database including data written through put" (PITR) and "sync | none | Promise | Resolves when all
// pending writes (including allowUnconfirmed ones) are on disk": key-value data on the SQLite backend is in the database,
// and a restart keeps it.
// Misreading: on the SQLite backend the database is for the SQL API; the key-value API is served
// from the object's memory ("hidden" from the SQL), so a restart loses every key (SQL tables stay).
import { blindVariant } from './support.js';

export default blindVariant('r5-sqlite-kv-lost-on-restart', {
  backend: 'sqlite',
  object: (object, { internals }) => ({
    ...object,
    restart: async () => {
      await object.restart();
      await internals.enqueue((storage) => storage.deleteAll(), false);
    },
  }),
});
