// Misreading: bytes bind after the other values (as if blobs were sent in a second batch): the
// bindings are bound in order among numbers, strings and null, but an ArrayBuffer or view moves
// to the last placeholders.

import { brokenExec } from './wrap.js';

const isBytes = (value: unknown) => value instanceof ArrayBuffer || ArrayBuffer.isView(value);

export default brokenExec('sql-bindings-blobs-last', (exec, query, bindings) =>
  exec(query, ...bindings.filter((b) => !isBytes(b)), ...bindings.filter(isBytes)));
