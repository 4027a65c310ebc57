// Misreading: list() answers pages, 1,000 pairs at most unless a limit says otherwise (a limit
// above 1,000 is honoured): list() without a limit over a larger store misses pairs.

import { brokenList, documentedTake } from './wrap.js';

export default brokenList('list-default-page-1000', {
  take: (pairs, options) => documentedTake(pairs, { ...options, limit: options.limit ?? 1000 }),
});
