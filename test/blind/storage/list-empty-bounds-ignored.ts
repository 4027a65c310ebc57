// Violates: "end | string | End key, exclusive" and "startAfter | string | Start after this key,
// exclusive" (list options): '' is a string like any other, and the smallest.
// Misreading: an option left empty is an option not given (`if (options.end)`): list({end: ''})
// answers every key instead of none, and list({startAfter: ''}) includes the key ''.
import { blindVariant, kvEverywhere, listRules, listSelecting, selectWith } from './support.js';

const given = (bound: unknown): boolean => typeof bound === 'string' && bound !== '';

export default blindVariant('list-empty-bounds-ignored', {
  backend: 'kv',
  view: kvEverywhere((base) => ({
    list: (options?: any) => listSelecting(base, options, selectWith({
      afterStart: (key, o) => listRules.afterStart(key, { start: o.start, startAfter: given(o.startAfter) ? o.startAfter : undefined }),
      beforeEnd: (key, o) => listRules.beforeEnd(key, { end: given(o.end) ? o.end : undefined }),
    })),
  })),
});
