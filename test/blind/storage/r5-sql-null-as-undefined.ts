// Violates: the contract's "SqlValue = number | string | null | ArrayBuffer" (contract/storage.ts) with
// "Row | object keyed by column name; in raw form an array of column values": a NULL column is a value, null.
// Misreading: SQL NULL is JavaScript's "no value", undefined: NULL columns answer undefined, in
// row objects and raw arrays alike.
import { blindVariant, cursorView } from './support.js';
import type { SqlStorageCursor } from '../../../contract/storage.js';

const fromNull = (value: unknown): unknown => (value === null ? undefined : value);
const rowOf = (row: any): any => (Array.isArray(row) ? row.map(fromNull) : Object.fromEntries(Object.entries(row).map(([name, value]) => [name, fromNull(value)])));

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

export default blindVariant('r5-sql-null-as-undefined', {
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
