// Violates: "list | options? | Promise<Map<string, any>> | Ascending by UTF-8 encoding of keys".
// Misreading: keys are ordered and compared as JavaScript strings (UTF-16 code units), which puts
// characters above U+FFFF before U+E000..U+FFFF, in the order and in the start/end bounds.
import { blindVariant, kvEverywhere, listSelecting, utf16Order } from './support.js';

function select(ascending: string[], o: any): string[] {
  const keys = [...ascending].sort(utf16Order).filter((key) =>
    (o.start === undefined || utf16Order(key, o.start) >= 0)
    && (o.startAfter === undefined || utf16Order(key, o.startAfter) > 0)
    && (o.end === undefined || utf16Order(key, o.end) < 0)
    && (o.prefix === undefined || key.startsWith(o.prefix)));
  const ordered = o.reverse === true ? keys.reverse() : keys;
  return o.limit === undefined ? ordered : ordered.slice(0, o.limit);
}

export default blindVariant('list-utf16-order', {
  backend: 'kv',
  view: kvEverywhere((base) => ({ list: (options?: any) => listSelecting(base, options, select) })),
});
