// Violates: "ctx.storage.sql.exec | query: string with ? placeholders, ...bindings bound in order" with the contract's
// "SqlBinding = number | string | null | ArrayBuffer | ArrayBufferView" and "INTEGER and REAL as number, TEXT as string":
// a number bound is a number.
// Misreading: a binding fills its placeholder as text (bound values are quoted into the query),
// so a number bound is a string: SELECT ? AS v with 5 answers '5', and typeof(?) is 'text'.
import { blindVariant, sqlView } from './support.js';

export default blindVariant('r5-sql-bindings-as-text', {
  backend: 'sqlite',
  view: sqlView({
    exec: (exec, query, bindings) => exec(query, ...bindings.map((binding) => (typeof binding === 'number' ? String(binding) : binding))),
  }),
});
