// Misreading: a prefix becomes the range [prefix, the next prefix), replacing start, startAfter and
// end instead of combining with them.

import { brokenList, documentedRange } from './wrap.js';

export default brokenList('list-prefix-ignores-bounds', {
  inRange: (key, options) => (options.prefix !== undefined ? key.startsWith(options.prefix) : documentedRange(key, options)),
});
