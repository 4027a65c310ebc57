// Misreading (off by one): the walk stops once it has gone past `limit` pairs, so list() answers
// one pair more than the limit whenever the range holds that many.

import { brokenList, documentedTake } from './wrap.js';

export default brokenList('list-limit-off-by-one', {
  take: (pairs, options) => documentedTake(pairs, { ...options, ...(options.limit !== undefined && { limit: options.limit + 1 }) }),
});
