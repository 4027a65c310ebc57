// Misreading (as Miniflare 2 lists): with reverse, startAfter is read as the inclusive start, so
// list({startAfter: 'b', reverse: true}) ends with b.

import { brokenList, byUtf8, documentedRange } from './wrap.js';

export default brokenList('list-reverse-startafter-included', {
  inRange: (key, options) => (options.reverse && options.startAfter !== undefined
    ? byUtf8(key, options.startAfter) >= 0 && documentedRange(key, { ...options, startAfter: undefined })
    : documentedRange(key, options)),
});
