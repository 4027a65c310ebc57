// Misreading: with reverse, start and end swap roles as the walk goes downwards: start is read as
// the exclusive end of the walk and end as its inclusive beginning.

import type { ListOptions } from '../../../contract/storage.js';
import { brokenAdapter, byUtf8 } from './wrap.js';

export default brokenAdapter('list-reverse-swapped-bounds', (real) => ({
  async list<T>(options: ListOptions = {}) {
    if (!options.reverse || (options.start === undefined && options.end === undefined)) return real.list<T>(options);
    const { start, end, limit, ...rest } = options;
    const pairs = [...(await real.list<T>(rest)).entries()].filter(([key]) =>
      (start === undefined || byUtf8(key, start) > 0) && (end === undefined || byUtf8(key, end) <= 0));
    return new Map(limit === undefined ? pairs : pairs.slice(0, limit));
  },
}));
