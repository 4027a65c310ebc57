// Violates: "reverse | boolean | Descending order; start stays the smallest returnable key (inclusive) and end the largest considered key (exclusive)".
// Misreading: in reverse the listing walks from start down to end, so start is the largest key (inclusive) and end the smallest (exclusive).
import { blindVariant, kvEverywhere, listSelecting, selectWith, utf8Order } from './support.js';

const select = selectWith({
  afterStart: (key, o) => o.reverse === true
    ? (o.start === undefined || utf8Order(key, o.start) <= 0) && (o.startAfter === undefined || utf8Order(key, o.startAfter) < 0)
    : (o.start === undefined || utf8Order(key, o.start) >= 0) && (o.startAfter === undefined || utf8Order(key, o.startAfter) > 0),
  beforeEnd: (key, o) => o.end === undefined || (o.reverse === true ? utf8Order(key, o.end) > 0 : utf8Order(key, o.end) < 0),
});

export default blindVariant('list-reverse-swaps-bounds', {
  backend: 'kv',
  view: kvEverywhere((base) => ({ list: (options?: any) => listSelecting(base, options, select) })),
});
