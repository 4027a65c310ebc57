// Violates: "start | string | First key, inclusive" (list options).
// Misreading: start is where the listing starts after, like a cursor: the start key itself is left out.
import { blindVariant, kvEverywhere, listSelecting, selectWith, utf8Order } from './support.js';

const select = selectWith({
  afterStart: (key, o) => (o.start === undefined || utf8Order(key, o.start) > 0) && (o.startAfter === undefined || utf8Order(key, o.startAfter) > 0),
});

export default blindVariant('list-start-exclusive', {
  backend: 'kv',
  view: kvEverywhere((base) => ({ list: (options?: any) => listSelecting(base, options, select) })),
});
