// Misreading of a convention: bindings beyond the query's placeholders are dropped silently (the
// document says only "bound in order"; the reference, as workerd, refuses them).

import { brokenExec } from './wrap.js';

const placeholders = (query: string) => (query.replace(/'[^']*'/g, '').match(/\?/g) ?? []).length;

export default brokenExec('sql-bindings-extra-ignored', (exec, query, bindings) =>
  exec(query, ...(query.includes(';') ? bindings : bindings.slice(0, placeholders(query)))));
