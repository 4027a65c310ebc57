// Keys: validation, the 2,048-byte limit, the 128-per-batch limit, and UTF-8 byte ordering.

export const MAX_KEY_BYTES = 2048;
export const MAX_BATCH_SIZE = 128;

// In a `u` regex a surrogate pair is one code point, so \p{Cs} only matches lone surrogates.
const LONE_SURROGATE = /\p{Cs}/u;

export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  // Stryker disable next-line StringLiteral: message text only (describeValue() names a value in a TypeError's message; the storage spec shows no messages, see mutation/unspecified-ignorer.mjs)
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

/**
 * Checks a key and returns it as stored. Keys are stored as UTF-8 (as workerd does), where a lone
 * surrogate becomes U+FFFD; normalizing up front makes both backends agree on what a key is.
 */
export function toStoredKey(key: unknown, method: string): string {
  if (typeof key !== 'string') throw new TypeError(`${method}(): a key must be a string, got ${describeValue(key)}.`);
  const size = Buffer.byteLength(key, 'utf8');
  if (size > MAX_KEY_BYTES) {
    throw new RangeError(`Keys cannot be larger than ${MAX_KEY_BYTES} bytes. A key of size ${size} was provided.`);
  }
  return LONE_SURROGATE.test(key) ? Buffer.from(key, 'utf8').toString('utf8') : key;
}

/** A list() bound or prefix: a string, normalized like a key, without the size limit. */
export function toStoredBound(bound: unknown, name: string): string | undefined {
  if (bound === undefined) return undefined;
  if (typeof bound !== 'string') throw new TypeError(`list(): ${name} must be a string, got ${describeValue(bound)}.`);
  return LONE_SURROGATE.test(bound) ? Buffer.from(bound, 'utf8').toString('utf8') : bound;
}

export function checkBatchSize(count: number): void {
  if (count > MAX_BATCH_SIZE) {
    throw new RangeError(`Maximum number of key value pairs is ${MAX_BATCH_SIZE}. ${count} pairs were provided.`);
  }
}

/**
 * Where a UTF-16 code unit ranks in UTF-8 (= code point) order. Surrogates encode code points
 * above U+FFFF, so they must rank above U+E000..U+FFFF, which JavaScript's `<` gets wrong.
 */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  if (unit >= 0xe000) return unit - 0x800;
  return unit;
}

/** Compares two (well-formed) keys by their UTF-8 bytes, without encoding them. */
export function compareKeys(a: string, b: string): number {
  const shared = Math.min(a.length, b.length);
  for (let i = 0; i < shared; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}
