// Misreading: prefix is implemented with SQL LIKE 'prefix%' ... ESCAPE '\': ASCII letters match
// either case, % and _ in the prefix are wildcards (any run, any one character), and \ escapes
// the character after it instead of standing for itself.

import { brokenList, documentedRange } from './wrap.js';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The regular expression SQLite's LIKE (ASCII case folding, ESCAPE '\') makes of `prefix%`. */
function likePrefix(prefix: string): RegExp {
  let pattern = '^';
  const characters = [...prefix];
  for (let i = 0; i < characters.length; i++) {
    const character = characters[i]!;
    if (character === '\\' && i + 1 < characters.length) pattern += escapeRegExp(characters[++i]!);
    else if (character === '%') pattern += '.*';
    else if (character === '_') pattern += '.';
    else if (character === '\\') pattern += '(?!)';
    else pattern += escapeRegExp(character);
  }
  return new RegExp(pattern, 'isu');
}

export default brokenList('list-prefix-like', {
  inRange: (key, options) => documentedRange(key, { ...options, prefix: undefined }) && (options.prefix === undefined || likePrefix(options.prefix).test(key)),
});
