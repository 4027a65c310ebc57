// Violates: "reverse | boolean | Descending order; start stays the smallest returnable key (inclusive) and end the largest considered key (exclusive)".
// Misreading: in reverse the listing walks from end down to start, and the key it starts from is
// included while the one it stops at is not: end becomes inclusive and start exclusive.
import { blindVariant, kvEverywhere, listRules, listSelecting, selectWith, utf8Order } from './support.js';

export default blindVariant('r5-list-reverse-end-inclusive', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    list: (options?: any) => listSelecting(base, options, selectWith({
      afterStart: (key, o) => (o.reverse === true && o.start !== undefined ? utf8Order(key, o.start) > 0 : listRules.afterStart(key, o)),
      beforeEnd: (key, o) => (o.reverse === true && o.end !== undefined ? utf8Order(key, o.end) <= 0 : listRules.beforeEnd(key, o)),
    })),
  })),
});
