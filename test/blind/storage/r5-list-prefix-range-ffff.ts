// Violates: "prefix | string | Only keys beginning with the prefix" with "list | options? | Promise<Map<string, any>> | Ascending by UTF-8 encoding of keys".
// Misreading: a prefix is the range [prefix, prefix + '\uffff') (the usual trick for "the largest
// character"), which in UTF-8 order leaves out the keys whose next character is U+FFFF or above
// U+FFFF (an emoji right after the prefix, say).
import { blindVariant, kvEverywhere, listSelecting, selectWith, utf8Order } from './support.js';

export default blindVariant('r5-list-prefix-range-ffff', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    list: (options?: any) => listSelecting(base, options, selectWith({
      hasPrefix: (key, o) => o.prefix === undefined || (utf8Order(key, o.prefix) >= 0 && utf8Order(key, `${o.prefix}\uffff`) < 0),
    })),
  })),
});
