// list() with options: the order of keys (UTF-8 bytes), the bounds start, startAfter and end,
// prefix, reverse and limit, and how they combine. Every spec runs in a fresh object.

import { describe, expect } from 'vitest';
import type { ListOptions, ObjectStorage } from '../../src/storage/contract.js';
import { storageSpec } from '../../src/spec-kit/storage.js';
import { refusal } from './support.js';

/** Stores each key with the value `value of <key>`. */
async function seedKeys(storage: ObjectStorage, keys: string[]): Promise<void> {
  await storage.put(Object.fromEntries(keys.map((key) => [key, `value of ${key}`])));
}

const listedKeys = async (storage: ObjectStorage, options?: ListOptions): Promise<string[]> => [...(await storage.list(options)).keys()];

// The keys most specs list: plain ASCII, so that only the option under test decides the result.
const KEYS = ['a', 'b', 'ba', 'bb', 'c', 'd'];

describe('list options', () => {
  describe('order', () => {
    storageSpec('ST-LIST-ORDER-UTF8', 'list() is ascending by UTF-8 bytes: U+10000 sorts after U+E000..U+FFFF', async ({ storage }) => {
      await seedKeys(storage, ['\u{10000}', 'z', '\uFFFF', 'a', '\u0080', '\uE000', '', 'é', '\u007F', '\u{10FFFF}', '\u{10000}a']);
      // JavaScript's string order would put U+10000 (a surrogate pair, 0xD800 0xDC00) before U+E000.
      const ascending = ['', 'a', 'z', '\u007F', '\u0080', 'é', '\uE000', '\uFFFF', '\u{10000}', '\u{10000}a', '\u{10FFFF}'];
      const listed = await storage.list();
      expect([...listed.keys()], 'keys ascending by their UTF-8 bytes').toEqual(ascending);
      expect(listed.get('\u{10000}'), 'each key keeps its own value').toBe('value of \u{10000}');
      expect(await listedKeys(storage, { reverse: true }), 'reverse is the exact opposite of UTF-8 order').toEqual([...ascending].reverse());
    });

    storageSpec('ST-LIST-ORDER-UTF8', 'bounds compare UTF-8 bytes: start U+F000 includes U+10000, end U+F000 excludes it', async ({ storage }) => {
      await seedKeys(storage, ['a', '\uE000', '\uFFFF', '\u{10000}', '\u{1F600}']);
      expect(await listedKeys(storage, { start: '\uF000' }), 'U+FFFF, U+10000 and U+1F600 are all >= U+F000 in UTF-8').toEqual(['\uFFFF', '\u{10000}', '\u{1F600}']);
      expect(await listedKeys(storage, { end: '\uF000' }), 'only a and U+E000 are < U+F000 in UTF-8').toEqual(['a', '\uE000']);
      expect(await listedKeys(storage, { limit: 4 })).toEqual(['a', '\uE000', '\uFFFF', '\u{10000}']);
    });
  });

  describe('bounds', () => {
    storageSpec('ST-LIST-START-INCLUSIVE', 'start is the first key, inclusive', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      expect(await listedKeys(storage, { start: 'b' }), 'a stored start key is included').toEqual(['b', 'ba', 'bb', 'c', 'd']);
      expect(await listedKeys(storage, { start: 'bab' }), 'a start between keys begins at the next key').toEqual(['bb', 'c', 'd']);
      expect(await listedKeys(storage, { start: 'e' }), 'a start after every key lists nothing').toEqual([]);
      expect((await storage.list({ start: 'd' })).get('d'), 'the values come along').toBe('value of d');
    });

    storageSpec('ST-LIST-START-AFTER-EXCLUSIVE', 'startAfter starts after the key, exclusive', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      expect(await listedKeys(storage, { startAfter: 'b' }), 'a stored startAfter key is excluded').toEqual(['ba', 'bb', 'c', 'd']);
      expect(await listedKeys(storage, { startAfter: 'bab' })).toEqual(['bb', 'c', 'd']);
      expect(await listedKeys(storage, { startAfter: 'd' })).toEqual([]);
      expect(await listedKeys(storage, { startAfter: 'a', end: 'bb' })).toEqual(['b', 'ba']);
    });

    storageSpec('ST-LIST-START-AND-START-AFTER-REFUSED', 'start and startAfter together are refused', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      expect(await refusal(() => storage.list({ start: 'a', startAfter: 'b' })), 'list({start, startAfter}) must be refused').toBeDefined();
      expect(await refusal(() => storage.list({ start: 'b', startAfter: 'b' })), 'also when both name the same key').toBeDefined();
    });

    storageSpec('ST-LIST-START-AND-START-AFTER-TYPEERROR', 'start and startAfter together reject with the documented TypeError', async ({ storage }) => {
      const error = await refusal(() => storage.list({ start: 'a', startAfter: 'b' }));
      expect(error, 'list({start, startAfter}) must reject with a TypeError').toBeInstanceOf(TypeError);
      expect((error as Error).message).toBe('list() cannot be called with both start and startAfter values.');
    });

    storageSpec('ST-LIST-END-EXCLUSIVE', 'end is exclusive', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      expect(await listedKeys(storage, { end: 'c' }), 'a stored end key is excluded').toEqual(['a', 'b', 'ba', 'bb']);
      expect(await listedKeys(storage, { end: 'bab' }), 'an end between keys stops before it').toEqual(['a', 'b', 'ba']);
      expect(await listedKeys(storage, { start: 'b', end: 'bb' })).toEqual(['b', 'ba']);
      expect(await listedKeys(storage, { end: 'a' }), 'an end at the first key lists nothing').toEqual([]);
    });

    storageSpec('ST-LIST-END-NOT-AFTER-START-EMPTY', 'end at or before start lists nothing', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      for (const options of [{ start: 'c', end: 'c' }, { start: 'c', end: 'b' }, { start: 'c', end: 'b', reverse: true }, { startAfter: 'c', end: 'c' }]) {
        const listed = await storage.list(options);
        expect(listed, `list(${JSON.stringify(options)}) must resolve to a Map`).toBeInstanceOf(Map);
        expect([...listed.keys()], `list(${JSON.stringify(options)}) must be empty`).toEqual([]);
      }
    });
  });

  describe('prefix', () => {
    storageSpec('ST-LIST-PREFIX', 'prefix lists only the keys beginning with it', async ({ storage }) => {
      await seedKeys(storage, [...KEYS, 'é1', 'é2', 'e3', '\uE000a', '\uE000b', '\u{10000}', '\uFFFF']);
      expect(await listedKeys(storage, { prefix: 'b' })).toEqual(['b', 'ba', 'bb']);
      expect(await listedKeys(storage, { prefix: 'ba' }), 'a key equal to the prefix is included').toEqual(['ba']);
      expect(await listedKeys(storage, { prefix: 'x' })).toEqual([]);
      expect(await listedKeys(storage, { prefix: 'é' }), 'a multibyte prefix').toEqual(['é1', 'é2']);
      expect(await listedKeys(storage, { prefix: '\uE000' })).toEqual(['\uE000a', '\uE000b']);
      expect(await listedKeys(storage, { prefix: 'b', start: 'ba' }), 'prefix combines with start').toEqual(['ba', 'bb']);
      expect(await listedKeys(storage, { prefix: 'b', end: 'bb' }), 'prefix combines with end').toEqual(['b', 'ba']);
    });
  });

  describe('reverse and limit', () => {
    storageSpec('ST-LIST-REVERSE', 'reverse lists in descending key order', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      const listed = await storage.list({ reverse: true });
      expect([...listed.keys()], 'descending order').toEqual(['d', 'c', 'bb', 'ba', 'b', 'a']);
      expect(listed.get('ba')).toBe('value of ba');
      expect(await listedKeys(storage, { reverse: true, prefix: 'b' }), 'reverse combines with prefix').toEqual(['bb', 'ba', 'b']);
      expect(await listedKeys(storage, { reverse: false }), 'reverse: false is ascending').toEqual(KEYS);
    });

    storageSpec('ST-LIST-REVERSE-BOUNDS', 'with reverse, start stays inclusive and end exclusive', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      expect(await listedKeys(storage, { reverse: true, start: 'b', end: 'c' }), 'keys b <= key < c, descending').toEqual(['bb', 'ba', 'b']);
      expect(await listedKeys(storage, { reverse: true, start: 'ba' }), 'start is the smallest returnable key').toEqual(['d', 'c', 'bb', 'ba']);
      expect(await listedKeys(storage, { reverse: true, end: 'ba' }), 'end is the largest considered key, excluded').toEqual(['b', 'a']);
    });

    storageSpec('ST-LIST-LIMIT', 'limit caps the pairs at the first ones in ascending order', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      expect(await listedKeys(storage, { limit: 2 })).toEqual(['a', 'b']);
      expect(await listedKeys(storage, { limit: 1 })).toEqual(['a']);
      expect(await listedKeys(storage, { limit: 100 }), 'a limit above the count lists everything').toEqual(KEYS);
      expect(await listedKeys(storage, { limit: 2, start: 'b' }), 'limit counts from start').toEqual(['b', 'ba']);
      expect(await listedKeys(storage, { limit: 2, prefix: 'b' })).toEqual(['b', 'ba']);
    });

    storageSpec('ST-LIST-REVERSE-LIMIT-HIGH-END', 'with reverse, limit takes the largest keys, descending', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      expect(await listedKeys(storage, { reverse: true, limit: 2 }), 'the two largest keys').toEqual(['d', 'c']);
      expect(await listedKeys(storage, { reverse: true, limit: 2, prefix: 'b' }), 'the two largest keys with the prefix').toEqual(['bb', 'ba']);
      expect(await listedKeys(storage, { reverse: true, limit: 10 })).toEqual(['d', 'c', 'bb', 'ba', 'b', 'a']);
    });

    storageSpec('ST-LIST-LIMIT-NOT-POSITIVE-TYPEERROR', 'a limit of 0 or less rejects with the documented TypeError', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      for (const limit of [0, -1]) {
        const error = await refusal(() => storage.list({ limit }));
        expect(error, `list({limit: ${limit}}) must reject with a TypeError`).toBeInstanceOf(TypeError);
        expect((error as Error).message).toBe('List limit must be positive.');
      }
    });
  });

  describe('the empty key', () => {
    storageSpec('ST-LIST-EMPTY-KEY', 'the empty string is a key: stored, read back and listed first', async ({ storage }) => {
      await storage.put('a', 1);
      await storage.put('', 'empty');
      expect(await storage.get(''), 'get(\'\') reads the value').toBe('empty');
      expect([...(await storage.list()).entries()], 'the empty key lists first').toEqual([['', 'empty'], ['a', 1]]);
      expect([...(await storage.get(['a', ''])).keys()]).toEqual(['', 'a']);
      expect(await listedKeys(storage, { reverse: true }), 'and last in reverse').toEqual(['a', '']);
      expect(await storage.delete(''), 'delete(\'\') removes it').toBe(true);
      expect(await listedKeys(storage)).toEqual(['a']);
    });
  });
});
