// Misreading: a prefix listing is served from the prefix's range in ascending order, cut to limit,
// and only then reversed: with prefix, reverse and limit it answers the lowest keys of the prefix
// (without a prefix, reverse and limit take the high end as they should).

import { brokenList, documentedTake } from './wrap.js';

export default brokenList('list-prefix-reverse-limit-low-end', {
  take: (pairs, options) => (options.prefix !== undefined && options.reverse && options.limit !== undefined
    ? pairs.slice(0, options.limit).reverse()
    : documentedTake(pairs, options)),
});
