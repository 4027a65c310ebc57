import type { AreaCatalog } from '../model.js';

const S = 'Endpoints > SQL operations (SQLite backend)';
const CUR = 'Resources and their fields > Cursor (SqlStorageCursor)';
const REF = 'Storage runtime (workerd)';

const catalog: AreaCatalog = {
  area: 'sql',
  requirements: [
    // Backends
    { id: 'ST-SQL-SQLITE-BACKEND', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: 'What the service does', text: 'The SQLite backend offers the SQL API as ctx.storage.sql' },
    { id: 'ST-SQL-KV-HIDDEN-TABLE', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: 'What the service does', text: 'On the SQLite backend, KV methods keep their data in a hidden table of the same SQLite database: it counts in databaseSize, yet is not among the user\'s tables' },
    // exec
    { id: 'ST-SQL-EXEC-CURSOR', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > exec`, text: 'sql.exec(query, ...bindings) runs the query and returns a SqlStorageCursor (not a promise)' },
    { id: 'ST-SQL-EXEC-SEVERAL-STATEMENTS', area: 'sql', level: 'must', profile: 'extended', document: 'docs/storage-contract.md', section: 'SQL > several statements', text: 'A query of several statements separated by ; runs them all, in order; the cursor holds the last one\'s results, and the bindings go to the last one' },
    { id: 'ST-SQL-EXEC-BINDINGS', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > exec`, text: 'The bindings are bound to the ? placeholders of the query in order' },
    // Cursor
    { id: 'ST-SQL-CURSOR-ITERABLE', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: CUR, text: 'The cursor is an Iterable and an Iterator of row objects keyed by column name' },
    { id: 'ST-SQL-NEXT-ROW', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > cursor.next()`, text: 'cursor.next() returns {done: false, value} with the next row object while rows remain' },
    { id: 'ST-SQL-NEXT-DONE', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > cursor.next()`, text: 'cursor.next() returns {done: true} with no value once the cursor is consumed' },
    { id: 'ST-SQL-TOARRAY-REMAINING', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > cursor.toArray()`, text: 'cursor.toArray() returns an array of the remaining row objects' },
    { id: 'ST-SQL-ONE-EXACTLY-ONE', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > cursor.one()`, text: 'cursor.one() returns the row when the result has exactly one row' },
    { id: 'ST-SQL-ONE-THROWS', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: 'Errors', text: 'cursor.one() throws when the result has zero rows or more than one row' },
    { id: 'ST-SQL-RAW-ARRAYS', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > cursor.raw()`, text: 'cursor.raw() iterates the same results with each row as an array of values in columnNames order' },
    { id: 'ST-SQL-RAW-METHODS', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > cursor.raw()`, text: 'The raw() iterator supports next(), toArray() and one()' },
    { id: 'ST-SQL-RAW-SHARED-POSITION', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > cursor.raw()`, text: 'raw() shares its position with the cursor: rows consumed through one are not returned by the other' },
    { id: 'ST-SQL-COLUMN-NAMES', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: CUR, text: 'cursor.columnNames is a string[] of the result columns, in the order of the raw row arrays' },
    { id: 'ST-SQL-ROWS-READ', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: CUR, text: 'cursor.rowsRead is the number of rows read so far; it may grow while iterating' },
    { id: 'ST-SQL-ROWS-WRITTEN', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: CUR, text: 'cursor.rowsWritten is the number of rows written so far (e.g. by an INSERT); it may grow while iterating' },
    { id: 'ST-SQL-DATABASE-SIZE', area: 'sql', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: 'Resources and their fields > Database size', text: 'ctx.storage.sql.databaseSize is a number: the size in bytes of the current SQLite database' },
    // Extended (reference-notes)
    { id: 'ST-SQL-ONE-MESSAGES', area: 'sql', level: 'must', profile: 'extended', document: 'reference-notes.md', section: REF, text: 'cursor.one() throws "Expected exactly one result from SQL query, but got no results." / "... but got multiple results."' },
    { id: 'ST-SQL-COLUMN-NAMES-PERSIST', area: 'sql', level: 'must', profile: 'extended', document: 'reference-notes.md', section: REF, text: 'columnNames survives consumption of the cursor and keeps duplicate names' },
    { id: 'ST-SQL-BINDING-TYPES', area: 'sql', level: 'must', profile: 'extended', document: 'reference-notes.md', section: REF, text: 'Numbers bind as REAL, strings as TEXT, ArrayBuffer and views as BLOB (read back as ArrayBuffer), null as NULL' },
    { id: 'ST-SQL-NO-BEGIN-SAVEPOINT', area: 'sql', level: 'must', profile: 'extended', document: 'reference-notes.md', section: REF, text: 'BEGIN TRANSACTION and SAVEPOINT statements are refused (the transaction API is used instead)' },
    { id: 'ST-SQL-CF-NAMES-INACCESSIBLE', area: 'sql', level: 'must', profile: 'extended', document: 'reference-notes.md', section: REF, text: 'Names starting with _cf_ are not accessible to queries; the hidden key-value table is _cf_KV' },
  ],
};
export default catalog;
