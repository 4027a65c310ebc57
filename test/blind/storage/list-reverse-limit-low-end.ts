// Violates: "reverse | boolean | Descending order ..." and "limit | number | Maximum pairs returned".
// Misreading: limit takes the first pairs in key order and reverse then turns them around, so reverse with a limit answers the lowest keys, descending.
import { blindVariant, kvEverywhere, listSelecting, selectWith } from './support.js';

const select = selectWith({
  orderAndLimit: (keys, o) => {
    const limited = o.limit === undefined ? keys : keys.slice(0, o.limit);
    return o.reverse === true ? [...limited].reverse() : limited;
  },
});

export default blindVariant('list-reverse-limit-low-end', {
  backend: 'kv',
  view: kvEverywhere((base) => ({ list: (options?: any) => listSelecting(base, options, select) })),
});
