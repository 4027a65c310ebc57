// Violates: "startAfter | string | Start after this key, exclusive; cannot be combined with start" (list options).
// Misreading: startAfter is another name for start, the key itself included.
import { blindVariant, kvEverywhere, listSelecting, selectWith, utf8Order } from './support.js';

const select = selectWith({
  afterStart: (key, o) => (o.start === undefined || utf8Order(key, o.start) >= 0) && (o.startAfter === undefined || utf8Order(key, o.startAfter) >= 0),
});

export default blindVariant('list-startafter-inclusive', {
  backend: 'kv',
  view: kvEverywhere((base) => ({ list: (options?: any) => listSelecting(base, options, select) })),
});
