// Misreading: list() orders keys as JavaScript compares strings (UTF-16 code units), so a character
// above U+FFFF sorts before U+E000..U+FFFF, and bounds compare the same way.

import type { ListOptions } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

const byUtf16 = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export default brokenAdapter('list-utf16-order', (real) => ({
  async list<T>(options: ListOptions = {}) {
    await real.list(options); // the real checks of the options (start with startAfter, limit)
    let pairs = [...(await real.list<T>()).entries()].sort(([a], [b]) => byUtf16(a, b)).filter(([key]) =>
      (options.start === undefined || key >= options.start)
      && (options.startAfter === undefined || key > options.startAfter)
      && (options.end === undefined || key < options.end)
      && (options.prefix === undefined || key.startsWith(options.prefix)));
    if (options.reverse) pairs = pairs.reverse();
    return new Map(options.limit === undefined ? pairs : pairs.slice(0, options.limit));
  },
}));
