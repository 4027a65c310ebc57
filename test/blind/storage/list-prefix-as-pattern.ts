// Violates: "prefix | string | Only keys beginning with the prefix" (list options).
// Misreading: the prefix is matched as the start of a regular expression, so characters such as . * + ? ( [ in it are pattern syntax.
import { blindVariant, kvEverywhere, listSelecting, selectWith } from './support.js';

const select = selectWith({
  hasPrefix: (key, o) => {
    if (o.prefix === undefined) return true;
    try { return new RegExp('^' + o.prefix, 'u').test(key); } catch { return key.startsWith(o.prefix); }
  },
});

export default blindVariant('list-prefix-as-pattern', {
  backend: 'kv',
  view: kvEverywhere((base) => ({ list: (options?: any) => listSelecting(base, options, select) })),
});
