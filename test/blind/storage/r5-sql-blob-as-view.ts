// Violates: the contract's "What a SQL query yields per column: INTEGER and REAL as number, TEXT as string, BLOB as ArrayBuffer" (contract/storage.ts, SqlValue)
// with "Row | object keyed by column name; in raw form an array of column values".
// Misreading: a BLOB is bytes, and bytes are a Uint8Array (what SQLite drivers commonly hand
// out), so BLOB columns answer Uint8Array views instead of ArrayBuffers.
import { blindVariant, columnValuesView } from './support.js';

export default blindVariant('r5-sql-blob-as-view', {
  backend: 'sqlite',
  view: columnValuesView((value) => (value instanceof ArrayBuffer ? new Uint8Array(value) : value)),
});
