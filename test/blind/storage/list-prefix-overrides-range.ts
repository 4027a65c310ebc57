// Violates: "prefix | string | Only keys beginning with the prefix" with start, startAfter and end (list options).
// Misreading: a prefix is a range of its own: given a prefix, start, startAfter and end are ignored.
import { blindVariant, kvEverywhere, listSelecting, selectWith, utf8Order } from './support.js';

const select = selectWith({
  afterStart: (key, o) => o.prefix !== undefined || ((o.start === undefined || utf8Order(key, o.start) >= 0) && (o.startAfter === undefined || utf8Order(key, o.startAfter) > 0)),
  beforeEnd: (key, o) => o.prefix !== undefined || o.end === undefined || utf8Order(key, o.end) < 0,
});

export default blindVariant('list-prefix-overrides-range', {
  backend: 'kv',
  view: kvEverywhere((base) => ({ list: (options?: any) => listSelecting(base, options, select) })),
});
