// Violates: "startAfter | string | Start after this key, exclusive" with "reverse | boolean |
// Descending order; start stays the smallest returnable key (inclusive) and end the largest considered key (exclusive)".
// Misreading: the sentence on reverse keeps start and end in place, but startAfter is a cursor:
// in reverse the listing walks down and "starts after" the key, so it answers the keys below it.
import { blindVariant, kvEverywhere, listRules, listSelecting, selectWith, utf8Order } from './support.js';

export default blindVariant('list-reverse-startafter-high', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    list: (options?: any) => listSelecting(base, options, selectWith({
      afterStart: (key, o) => (o.reverse === true && o.startAfter !== undefined
        ? utf8Order(key, o.startAfter) < 0
        : listRules.afterStart(key, o)),
    })),
  })),
});
