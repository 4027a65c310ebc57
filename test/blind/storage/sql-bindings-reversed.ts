// Violates: "ctx.storage.sql.exec | query: string with ? placeholders, ...bindings bound in order".
// Misreading: the bindings are taken from the end (a stack), so the last binding fills the first placeholder.
import { blindVariant, sqlView } from './support.js';

export default blindVariant('sql-bindings-reversed', {
  backend: 'sqlite',
  view: sqlView({ exec: (exec, query, bindings) => exec(query, ...[...bindings].reverse()) }),
});
