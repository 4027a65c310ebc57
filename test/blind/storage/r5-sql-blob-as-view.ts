// Violates: the contract's "What a SQL query yields per column: INTEGER and REAL as number, TEXT as string, BLOB as ArrayBuffer" (contract/storage.ts, SqlValue)
// with "Row | object keyed by column name; in raw form an array of column values".
// Misreading: a BLOB is bytes, and bytes are a Uint8Array (what SQLite drivers commonly hand
// out), so BLOB columns answer Uint8Array views instead of ArrayBuffers.
import { blindVariant, cursorView } from './support.js';
import type { SqlStorageCursor } from '../../../contract/storage.js';

const asView = (value: unknown): unknown => (value instanceof ArrayBuffer ? new Uint8Array(value) : value);
const rowOf = (row: any): any => (Array.isArray(row) ? row.map(asView) : Object.fromEntries(Object.entries(row).map(([name, value]) => [name, asView(value)])));

function reader(source: { next(): IteratorResult<any>; toArray(): any[]; one(): any }) {
  return {
    next: () => {
      const result = source.next();
      return result.done ? result : { done: false, value: rowOf(result.value) };
    },
    toArray: () => source.toArray().map(rowOf),
    one: () => rowOf(source.one()),
  };
}

export default blindVariant('r5-sql-blob-as-view', {
  backend: 'sqlite',
  view: cursorView((cursor: SqlStorageCursor) => ({
    ...reader(cursor),
    raw: () => {
      const raw = cursor.raw();
      const changed: any = { ...reader(raw), [Symbol.iterator]: () => changed };
      return changed;
    },
  })),
});
