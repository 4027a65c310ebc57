// Violates: "prefix | string | Only keys beginning with the prefix" (list options).
// Misreading: "beginning with" compared as text, ignoring case (as a search box would), so
// list({prefix: 'user:'}) also answers 'USER:1' and 'User:2'.
import { blindVariant, kvEverywhere, listSelecting, selectWith } from './support.js';

export default blindVariant('r5-list-prefix-case-insensitive', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    list: (options?: any) => listSelecting(base, options, selectWith({
      hasPrefix: (key, o) => o.prefix === undefined || key.toLowerCase().startsWith(String(o.prefix).toLowerCase()),
    })),
  })),
});
