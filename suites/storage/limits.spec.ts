// The limits of the key-value API: key size (UTF-8 bytes), value size, and 128 keys or pairs per
// batch call; a call refused for a limit changes nothing. Every spec runs in a fresh object.

import { describe, expect } from 'vitest';
import type { ObjectStorage } from '../../src/storage/contract.js';
import { storageSpec } from '../../src/spec-kit/storage.js';
import { refusal } from './support.js';

const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** `count` keys `key-000`, `key-001`, ... */
const keysOf = (count: number, prefix = 'key-'): string[] => Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);

/** Stores `count` keys in calls of at most 100 pairs (under the batch limit). */
async function storeKeys(storage: ObjectStorage, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 100) await storage.put(Object.fromEntries(keys.slice(i, i + 100).map((key) => [key, key])));
}

const listedKeys = async (storage: ObjectStorage): Promise<string[]> => [...(await storage.list()).keys()];

// Keys at the 2,048-byte boundary, counted in UTF-8 bytes: 'é' is 2 bytes, '😀' 4 bytes.
const ACCEPTED_KEYS = { ascii: 'a'.repeat(2048), twoByte: 'é'.repeat(1024), fourByte: '😀'.repeat(512), mixed: `${'a'.repeat(2046)}é` };
// Each is one byte over, or (for 'é' and '😀') the next whole character over; their UTF-16 lengths
// are all at most 2,048, so counting characters instead of bytes accepts them.
const REFUSED_KEYS = { ascii: 'a'.repeat(2049), twoByte: 'é'.repeat(1025), fourByte: `${'😀'.repeat(512)}a`, mixed: `${'a'.repeat(2047)}é` };

// The value limit applies to the serialized value, whose overhead (a few bytes of tags and lengths)
// is the runtime's own: values with a clear margin on each side of 131,072 bytes are used.
const UNDER_LIMIT = 100_000;
const OVER_LIMIT = 140_000;

describe('limits', () => {
  describe('key size', () => {
    storageSpec('ST-LIMIT-KEY-2048', 'a key of exactly 2,048 UTF-8 bytes is accepted and one of 2,049 refused', async ({ storage }) => {
      for (const [kind, key] of Object.entries(ACCEPTED_KEYS)) {
        expect(utf8Bytes(key)).toBe(2048);
        expect(await refusal(() => storage.put(key, kind)), `a ${kind} key of 2,048 bytes must be accepted`).toBeUndefined();
        expect(await storage.get(key), `the ${kind} key of 2,048 bytes reads back`).toBe(kind);
      }
      for (const [kind, key] of Object.entries(REFUSED_KEYS)) {
        expect(utf8Bytes(key)).toBeGreaterThan(2048);
        expect(await refusal(() => storage.put(key, kind)), `a ${kind} key of ${utf8Bytes(key)} bytes must be refused`).toBeDefined();
      }
      expect((await storage.list()).size, 'only the accepted keys are stored').toBe(Object.keys(ACCEPTED_KEYS).length);
    });

    storageSpec('ST-LIMIT-KEY-2048', 'put(entries) applies the key limit too', async ({ storage }) => {
      expect(await refusal(() => storage.put({ [ACCEPTED_KEYS.twoByte]: 1 })), 'a 2,048-byte key in entries is accepted').toBeUndefined();
      expect(await refusal(() => storage.put({ [REFUSED_KEYS.twoByte]: 1 })), 'a 2,050-byte key in entries is refused').toBeDefined();
    });

    storageSpec('ST-LIMIT-KEY-RANGEERROR', 'an oversized key is refused with the documented RangeError', async ({ storage }) => {
      for (const key of Object.values(REFUSED_KEYS)) {
        const error = await refusal(() => storage.put(key, 1));
        expect(error, 'an oversized key must be refused with a RangeError').toBeInstanceOf(RangeError);
        expect((error as Error).message, 'the message names the key size in UTF-8 bytes')
          .toBe(`Keys cannot be larger than 2048 bytes. A key of size ${utf8Bytes(key)} was provided.`);
      }
    });
  });

  describe('value size', () => {
    storageSpec('ST-LIMIT-VALUE-131072', 'a value well under 128 KiB is accepted and one well over refused', async ({ storage }) => {
      const small = { text: 'x'.repeat(UNDER_LIMIT), bytes: new Uint8Array(UNDER_LIMIT) };
      expect(await refusal(() => storage.put('string', small.text)), `a ${UNDER_LIMIT}-byte string must be accepted`).toBeUndefined();
      expect(await refusal(() => storage.put('bytes', small.bytes)), `a ${UNDER_LIMIT}-byte Uint8Array must be accepted`).toBeUndefined();
      expect(await storage.get('string')).toBe(small.text);
      expect((await storage.get<Uint8Array>('bytes'))?.byteLength).toBe(UNDER_LIMIT);
      expect(await refusal(() => storage.put('big-string', 'x'.repeat(OVER_LIMIT))), `a ${OVER_LIMIT}-byte string must be refused`).toBeDefined();
      expect(await refusal(() => storage.put('big-bytes', new Uint8Array(OVER_LIMIT))), `a ${OVER_LIMIT}-byte Uint8Array must be refused`).toBeDefined();
      expect(await refusal(() => storage.put('big-nested', { parts: ['x'.repeat(OVER_LIMIT / 2), 'y'.repeat(OVER_LIMIT / 2)] })), 'the limit is on the whole value, not on each part').toBeDefined();
      expect(await refusal(() => storage.put({ 'big-entry': 'x'.repeat(OVER_LIMIT) })), 'put(entries) applies the value limit too').toBeDefined();
      expect(await listedKeys(storage), 'only the accepted values are stored').toEqual(['bytes', 'string']);
    });

    storageSpec('ST-LIMIT-VALUE-RANGEERROR', 'an oversized value is refused with the documented RangeError', async ({ storage }) => {
      const error = await refusal(() => storage.put('big', 'x'.repeat(OVER_LIMIT)));
      expect(error, 'an oversized value must be refused with a RangeError').toBeInstanceOf(RangeError);
      const match = /^Values cannot be larger than 131072 bytes\. A value of size (\d+) was provided\.$/.exec((error as Error).message);
      expect(match, `the documented message, got: ${(error as Error).message}`).not.toBeNull();
      // The size is the serialized one: at least the string, plus the runtime's own overhead.
      expect(Number(match![1]), 'the size provided is at least the string\'s').toBeGreaterThanOrEqual(OVER_LIMIT);
    });
  });

  describe('keys or pairs per batch call', () => {
    storageSpec('ST-LIMIT-GET-BATCH-128', 'get(keys[]) accepts 128 keys and refuses 129', async ({ storage }) => {
      const keys = keysOf(129);
      await storeKeys(storage, keys);
      const read = await storage.get(keys.slice(0, 128));
      expect(read.size, 'get of 128 keys must return them all').toBe(128);
      expect(await refusal(() => storage.get(keys)), 'get of 129 keys must be refused').toBeDefined();
    });

    storageSpec('ST-LIMIT-PUT-BATCH-128', 'put(entries) accepts 128 pairs and refuses 129', async ({ storage }) => {
      const accepted = keysOf(128, 'accepted-');
      expect(await refusal(() => storage.put(Object.fromEntries(accepted.map((key) => [key, key]))))).toBeUndefined();
      expect((await storage.list()).size, 'all 128 pairs are stored').toBe(128);
      const refused = keysOf(129, 'refused-');
      expect(await refusal(() => storage.put(Object.fromEntries(refused.map((key) => [key, key])))), 'put of 129 pairs must be refused').toBeDefined();
    });

    storageSpec('ST-LIMIT-DELETE-BATCH-128', 'delete(keys[]) accepts 128 keys and refuses 129', async ({ storage }) => {
      const keys = keysOf(129);
      await storeKeys(storage, keys);
      expect(await refusal(() => storage.delete(keys)), 'delete of 129 keys must be refused').toBeDefined();
      expect(await storage.delete(keys.slice(0, 128)), 'delete of 128 keys deletes them all').toBe(128);
      expect(await listedKeys(storage)).toEqual([keys[128]]);
    });

    storageSpec('ST-LIMIT-BATCH-RANGEERROR', 'an oversized batch is refused with the documented RangeError', async ({ storage }) => {
      const keys = keysOf(129);
      const calls = {
        get: () => storage.get(keys),
        put: () => storage.put(Object.fromEntries(keys.map((key) => [key, 1]))),
        delete: () => storage.delete(keys),
      };
      for (const [method, call] of Object.entries(calls)) {
        const error = await refusal(call);
        expect(error, `${method} of 129 must be refused with a RangeError`).toBeInstanceOf(RangeError);
        expect((error as Error).message).toBe('Maximum number of key value pairs is 128. 129 pairs were provided.');
      }
    });
  });

  describe('a refused call changes nothing', () => {
    storageSpec('ST-LIMIT-REFUSED-WRITES-NOTHING', 'a put or delete refused for a limit stores and deletes nothing', async ({ storage }) => {
      const existing = keysOf(129, 'existing-');
      await storeKeys(storage, existing);
      await storage.put('kept', 'original');
      const before = [...(await storage.list()).entries()];
      const refusedCalls = {
        'put of 129 pairs': () => storage.put(Object.fromEntries(keysOf(129, 'new-').map((key) => [key, key]))),
        'put of entries with one oversized key': () => storage.put({ small: 1, [REFUSED_KEYS.ascii]: 2, kept: 'replaced' }),
        'put of entries with one oversized value': () => storage.put({ small: 1, big: 'x'.repeat(OVER_LIMIT), kept: 'replaced' }),
        'put of an oversized value over an existing key': () => storage.put('kept', 'x'.repeat(OVER_LIMIT)),
        'delete of 129 keys': () => storage.delete(existing),
      };
      for (const [call, work] of Object.entries(refusedCalls)) {
        expect(await refusal(work), `${call} must be refused`).toBeDefined();
        expect([...(await storage.list()).entries()], `a refused ${call} must leave the storage unchanged`).toEqual(before);
      }
    });
  });
});
