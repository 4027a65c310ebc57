// Misreading: with reverse the walk starts at end, so end is read as inclusive (the first key
// returned), while ascending lists keep it exclusive.

import { brokenList, byUtf8, documentedRange } from './wrap.js';

export default brokenList('list-reverse-end-inclusive', {
  inRange: (key, options) => (options.reverse && options.end !== undefined
    ? byUtf8(key, options.end) <= 0 && documentedRange(key, { ...options, end: undefined })
    : documentedRange(key, options)),
});
