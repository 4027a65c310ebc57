// list() with options: the order of keys (UTF-8 bytes), the bounds start, startAfter and end,
// prefix, reverse and limit, and how they combine. Every spec runs in a fresh object.

import { describe, expect } from 'vitest';
import type { ListOptions, ObjectStorage } from '../../contract/storage.js';
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
      // limit takes the first pairs in UTF-8 order (how many it takes is ST-LIST-LIMIT's).
      expect((await listedKeys(storage, { limit: 4 })).slice(0, 4)).toEqual(['a', '\uE000', '\uFFFF', '\u{10000}']);
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

    storageSpec('ST-LIST-START-AFTER-EXCLUSIVE', 'startAfter stays exclusive with reverse, also with end and limit', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      // Positive control: the same listing returns b when b is after startAfter.
      expect(await listedKeys(storage, { startAfter: 'a', reverse: true }), 'startAfter a with reverse includes b').toEqual(['d', 'c', 'bb', 'ba', 'b']);
      expect(await listedKeys(storage, { startAfter: 'b', reverse: true }), 'startAfter b with reverse excludes b').toEqual(['d', 'c', 'bb', 'ba']);
      expect(await listedKeys(storage, { startAfter: 'bab', reverse: true }), 'a startAfter between keys').toEqual(['d', 'c', 'bb']);
      expect(await listedKeys(storage, { startAfter: 'ba', reverse: true, limit: 10 }), 'a limit above the count').toEqual(['d', 'c', 'bb']);
      expect(await listedKeys(storage, { startAfter: 'c', reverse: true, limit: 1 }), 'the one key after c').toEqual(['d']);
      expect(await listedKeys(storage, { startAfter: 'd', reverse: true }), 'nothing after the last key').toEqual([]);
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
      expect(await listedKeys(storage, { prefix: 'b', start: 'a' }), 'a start before the prefix\'s keys').toEqual(['b', 'ba', 'bb']);
      expect(await listedKeys(storage, { prefix: 'b', startAfter: 'b' }), 'prefix combines with startAfter').toEqual(['ba', 'bb']);
      expect(await listedKeys(storage, { prefix: 'b', start: 'c' }), 'a start after the prefix\'s keys').toEqual([]);
      expect(await listedKeys(storage, { prefix: 'b', end: 'z' }), 'an end after the prefix\'s keys').toEqual(['b', 'ba', 'bb']);
      // With reverse, which keys a bound leaves is ST-LIST-REVERSE-BOUNDS's subject (below); a
      // prefix with bounds and reverse together, the model's (model.spec.ts).
      expect(await listedKeys(storage, { prefix: '\u{10000}' }), 'a prefix above U+FFFF').toEqual(['\u{10000}']);
    });

    storageSpec('ST-LIST-PREFIX', 'a prefix is plain text: pattern characters in it (. * + ? ( [ \\ % _ ^ $ |) match only themselves', async ({ storage }) => {
      const specials = ['.', '*', '+', '?', '(', '[', '\\', '%', '_', '^', '$', '|'];
      // For each character c: the key "c!" begins with it, "aXc" and "Z" would match it as a pattern.
      const keys = [...new Set(specials.flatMap((c) => [`${c}!`, `a${c}b`, `a${c}`]).concat(['aXb', 'ab', 'a', 'Z', 'aa', 'a.b.c']))];
      await seedKeys(storage, keys);
      for (const c of specials) {
        expect(await listedKeys(storage, { prefix: c }), `prefix ${JSON.stringify(c)}`).toEqual([`${c}!`]);
        expect(await listedKeys(storage, { prefix: `a${c}` }), `prefix ${JSON.stringify(`a${c}`)}`).toEqual(keys.filter((key) => key.startsWith(`a${c}`)).sort());
      }
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
      expect(await listedKeys(storage, { limit: KEYS.length }), 'a limit of exactly the count lists everything').toEqual(KEYS);
      expect(await listedKeys(storage, { limit: KEYS.length - 1 }), 'one less leaves out the last key').toEqual(KEYS.slice(0, -1));
      expect(await listedKeys(storage, { limit: 3, start: 'b', end: 'c' }), 'exactly the count in range').toEqual(['b', 'ba', 'bb']);
      expect(await listedKeys(storage, { limit: 2, startAfter: 'a', end: 'bb' }), 'a limit below the count in range').toEqual(['b', 'ba']);
    });

    storageSpec('ST-LIST-LIMIT', 'never more than limit pairs: a limit of 0 or a small one is refused or answered with at most that many', async ({ storage }) => {
      // "Maximum pairs returned" bounds the answer whatever else the implementation does: it may
      // refuse a limit it finds wrong (whether 0 is refused, and how, is a convention:
      // ST-LIST-LIMIT-NOT-POSITIVE-TYPEERROR), but an answer never holds more than limit pairs.
      await seedKeys(storage, KEYS);
      for (const limit of [0, 1, 2, 3]) {
        for (const options of [{ limit }, { limit, reverse: true }, { limit, prefix: 'b' }, { limit, start: 'b' }]) {
          let listed: Map<string, unknown> | undefined;
          const error = await refusal(async () => { listed = await storage.list(options); });
          if (error !== undefined) continue;
          expect(listed!.size, `list(${JSON.stringify(options)}) answered ${JSON.stringify([...listed!.keys()])}: at most ${limit} pairs`).toBeLessThanOrEqual(limit);
        }
      }
    });

    storageSpec('ST-LIST-REVERSE-LIMIT-HIGH-END', 'with reverse, limit takes the largest keys, descending', async ({ storage }) => {
      await seedKeys(storage, KEYS);
      expect(await listedKeys(storage, { reverse: true, limit: 2 }), 'the two largest keys').toEqual(['d', 'c']);
      expect(await listedKeys(storage, { reverse: true, limit: 2, prefix: 'b' }), 'the two largest keys with the prefix').toEqual(['bb', 'ba']);
      expect(await listedKeys(storage, { reverse: true, limit: 10 })).toEqual(['d', 'c', 'bb', 'ba', 'b', 'a']);
      expect(await listedKeys(storage, { reverse: true, limit: 1 }), 'the largest key').toEqual(['d']);
      expect(await listedKeys(storage, { reverse: true, limit: KEYS.length }), 'exactly the count').toEqual([...KEYS].reverse());
      expect(await listedKeys(storage, { reverse: true, limit: 2, end: 'c' }), 'the two largest keys before end').toEqual(['bb', 'ba']);
      expect(await listedKeys(storage, { reverse: true, limit: 2, start: 'b', end: 'c' }), 'the two largest keys in [b, c)').toEqual(['bb', 'ba']);
      expect(await listedKeys(storage, { reverse: true, limit: 3, start: 'b', end: 'c' }), 'exactly the count in [b, c)').toEqual(['bb', 'ba', 'b']);
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

  describe('more than 1,000 keys', () => {
    // A store larger than any page size an implementation might use internally (a misreading:
    // 1,000 pairs per call unless asked for fewer). Keys key-0000 ... key-1099.
    const MANY = Array.from({ length: 1100 }, (_, i) => `key-${String(i).padStart(4, '0')}`);
    async function seedMany(storage: ObjectStorage): Promise<void> {
      for (let i = 0; i < MANY.length; i += 128) await seedKeys(storage, MANY.slice(i, i + 128));
    }

    storageSpec('ST-LIST-NO-IMPLICIT-LIMIT', 'without limit, list() with options returns every pair in range, however many; a limit above 1,000 is honoured', async ({ storage }) => {
      await seedMany(storage);
      expect(await listedKeys(storage, { prefix: 'key-' }), 'prefix, 1,100 keys').toEqual(MANY);
      expect(await listedKeys(storage, { reverse: true }), 'reverse, 1,100 keys').toEqual([...MANY].reverse());
      expect(await listedKeys(storage, { start: 'key-0050' }), 'start, 1,050 keys').toEqual(MANY.slice(50));
      expect(await listedKeys(storage, { startAfter: 'key-0049' }), 'startAfter, 1,050 keys').toEqual(MANY.slice(50));
      expect(await listedKeys(storage, { end: 'key-1050' }), 'end, 1,050 keys').toEqual(MANY.slice(0, 1050));
      // Not cut at 1,000 (how exactly limit counts is ST-LIST-LIMIT's).
      expect((await listedKeys(storage, { limit: 1050 })).slice(0, 1050), 'limit 1,050').toEqual(MANY.slice(0, 1050));
    });
  });

  describe('the empty key', () => {
    storageSpec('ST-LIST-EMPTY-KEY', 'the empty string is a key: stored, read back and listed first', async ({ storage }) => {
      await storage.put('a', 1);
      await storage.put('', 'empty');
      expect(await storage.get(''), 'get(\'\') reads the value').toBe('empty');
      expect([...(await storage.list()).entries()], 'the empty key lists first').toEqual([['', 'empty'], ['a', 1]]);
      // In a batch get too (the Map's order is ST-KV-GET-BATCH-SORTED-UTF8's subject, not this one's).
      expect(Object.fromEntries(await storage.get(['a', ''])), 'get([\'a\', \'\']) reads both').toEqual({ '': 'empty', a: 1 });
      expect(await listedKeys(storage, { reverse: true }), 'and last in reverse').toEqual(['a', '']);
      expect(await storage.delete(''), 'delete(\'\') removes it').toBe(true);
      expect(await listedKeys(storage)).toEqual(['a']);
    });
  });
});
