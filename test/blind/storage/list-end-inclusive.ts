// Violates: "end | string | End key, exclusive" (list options).
// Misreading: the range runs from start to end, both included.
import { blindVariant, kvEverywhere, listSelecting, selectWith, utf8Order } from './support.js';

const select = selectWith({
  beforeEnd: (key, o) => o.end === undefined || utf8Order(key, o.end) <= 0,
});

export default blindVariant('list-end-inclusive', {
  backend: 'kv',
  view: kvEverywhere((base) => ({ list: (options?: any) => listSelecting(base, options, select) })),
});
