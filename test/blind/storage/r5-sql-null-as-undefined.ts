// Violates: the contract's "SqlValue = number | string | null | ArrayBuffer" (contract/storage.ts) with
// "Row | object keyed by column name; in raw form an array of column values": a NULL column is a value, null.
// Misreading: SQL NULL is JavaScript's "no value", undefined: NULL columns answer undefined, in
// row objects and raw arrays alike.
import { blindVariant, columnValuesView } from './support.js';

export default blindVariant('r5-sql-null-as-undefined', {
  backend: 'sqlite',
  view: columnValuesView((value) => (value === null ? undefined : value)),
});
