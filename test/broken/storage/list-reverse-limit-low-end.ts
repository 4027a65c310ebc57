// Misreading: with reverse, limit still counts from the low end: the first `limit` keys in
// ascending order, then listed descending.

import type { ListOptions } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

export default brokenAdapter('list-reverse-limit-low-end', (real) => ({
  async list<T>(options: ListOptions = {}) {
    if (!options.reverse || options.limit === undefined) return real.list<T>(options);
    return new Map([...(await real.list<T>({ ...options, reverse: false })).entries()].reverse());
  },
}));
