// The limits of the key-value API: key size (UTF-8 bytes), value size, and 128 keys or pairs per
// batch call; a call refused for a limit changes nothing. Every spec runs in a fresh object.

import { serialize } from 'node:v8';
import { describe, expect } from 'vitest';
import type { ObjectStorage } from '../../contract/storage.js';
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
const ACCEPTED_KEYS = { ascii: 'a'.repeat(2048), twoByte: 'é'.repeat(1024), fourByte: '😀'.repeat(512), mixed: `${'a'.repeat(2046)}é`, mixedFour: `${'a'.repeat(2044)}😀` };
// Each is one byte over, or (for 'é' and '😀') the next whole character over; their UTF-16 lengths
// are all at most 2,048, so counting characters instead of bytes accepts them.
const REFUSED_KEYS = { ascii: 'a'.repeat(2049), twoByte: 'é'.repeat(1025), fourByte: `${'😀'.repeat(512)}a`, mixed: `${'a'.repeat(2047)}é`, mixedFour: `${'a'.repeat(2045)}😀` };

// How a value is measured is not in the document (workerd measures its serialized form: a few
// bytes of tags and lengths around the data). Binary data has the same size under any measure,
// give or take that header: 131,072 - 64 bytes is accepted and 131,073 refused whatever the
// measure. A string's size depends on it (UTF-8, UTF-16, Latin-1: up to twice apart): a string of
// 131,073 characters or more exceeds 131,072 bytes under every measure, and one of 65,472 (65,536
// - 64) stays under it under every measure, so those are the sides a spec can assert.
const LIMIT = 131_072;
const HEADER_MARGIN = 64;
const ACCEPTED_BYTES = LIMIT - HEADER_MARGIN;
const REFUSED_BYTES = LIMIT + 1;
const ACCEPTED_CHARACTERS = LIMIT / 2 - HEADER_MARGIN;
const REFUSED_CHARACTERS = LIMIT + 1;

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
    storageSpec('ST-LIMIT-VALUE-131072', 'binary values: 131,072 - 64 bytes are accepted and 131,073 refused, whatever the measure', async ({ storage }) => {
      const accepted = { bytes: new Uint8Array(ACCEPTED_BYTES).fill(7), buffer: new Uint8Array(ACCEPTED_BYTES).fill(9).buffer };
      for (const [key, value] of Object.entries(accepted)) {
        expect(await refusal(() => storage.put(key, value)), `a ${ACCEPTED_BYTES}-byte ${key === 'bytes' ? 'Uint8Array' : 'ArrayBuffer'} must be accepted`).toBeUndefined();
      }
      const bytes = await storage.get<Uint8Array>('bytes');
      expect([bytes?.byteLength, bytes?.[ACCEPTED_BYTES - 1]], 'the accepted Uint8Array reads back whole').toEqual([ACCEPTED_BYTES, 7]);
      expect((await storage.get<ArrayBuffer>('buffer'))?.byteLength, 'the accepted ArrayBuffer reads back whole').toBe(ACCEPTED_BYTES);
      const refused = { 'big-bytes': new Uint8Array(REFUSED_BYTES), 'big-buffer': new ArrayBuffer(REFUSED_BYTES) };
      for (const [key, value] of Object.entries(refused)) {
        expect(await refusal(() => storage.put(key, value)), `a ${REFUSED_BYTES}-byte ${key === 'big-bytes' ? 'Uint8Array' : 'ArrayBuffer'} must be refused`).toBeDefined();
      }
      expect(await refusal(() => storage.put({ 'big-entry': new Uint8Array(REFUSED_BYTES) })), 'put(entries) applies the value limit too').toBeDefined();
      expect(await listedKeys(storage), 'only the accepted values are stored').toEqual(['buffer', 'bytes']);
    });

    storageSpec('ST-LIMIT-VALUE-131072', 'strings: 131,073 characters are refused (over 131,072 bytes under any measure), 65,472 accepted (under it under any measure)', async ({ storage }) => {
      const accepted = { ascii: 'x'.repeat(ACCEPTED_CHARACTERS), twoByte: 'é'.repeat(ACCEPTED_CHARACTERS), astral: '😀'.repeat(ACCEPTED_CHARACTERS / 2) };
      for (const [key, text] of Object.entries(accepted)) {
        expect(await refusal(() => storage.put(key, text)), `a string of ${text.length} UTF-16 code units (${utf8Bytes(text)} UTF-8 bytes) must be accepted`).toBeUndefined();
        expect(await storage.get(key), `the ${key} string reads back`).toBe(text);
      }
      const refused = { 'big-ascii': 'x'.repeat(REFUSED_CHARACTERS), 'big-two-byte': 'é'.repeat(REFUSED_CHARACTERS), 'big-nested': { parts: ['x'.repeat(REFUSED_CHARACTERS / 2), 'y'.repeat(REFUSED_CHARACTERS / 2)] } };
      for (const [key, value] of Object.entries(refused)) {
        expect(await refusal(() => storage.put(key, value)), `${key}: a value of ${REFUSED_CHARACTERS} characters must be refused${key === 'big-nested' ? ' (the limit is on the whole value, not on each part)' : ''}`).toBeDefined();
      }
      expect(await refusal(() => storage.put({ 'big-entry': 'x'.repeat(REFUSED_CHARACTERS) })), 'put(entries) applies the value limit too').toBeDefined();
      expect(await listedKeys(storage), 'only the accepted values are stored').toEqual(Object.keys(accepted).sort());
    });

    storageSpec('ST-LIMIT-VALUE-131072', 'the limit is the value\'s alone: a long key does not count against it, in put(key, value) or put(entries)', async ({ storage }) => {
      // 200 ASCII bytes: a key far within the key limit under any reading of it, yet enough to
      // put key and value together over 131,072 bytes.
      const longestKey = 'k'.repeat(200);
      const value = new Uint8Array(ACCEPTED_BYTES).fill(3);
      expect(await refusal(() => storage.put(longestKey, value)), `a ${ACCEPTED_BYTES}-byte value under a 200-byte key must be accepted`).toBeUndefined();
      const entryKey = 'e'.repeat(200);
      expect(await refusal(() => storage.put({ [entryKey]: value })), 'put(entries) likewise').toBeUndefined();
      expect((await storage.get<Uint8Array>(longestKey))?.byteLength, 'the value reads back whole').toBe(ACCEPTED_BYTES);
    });

    storageSpec('ST-LIMIT-VALUE-131072', 'an ASCII string of 131,072 - 64 characters is accepted: that many bytes in UTF-8 and serialized (only two bytes per UTF-16 unit would put it over)', async ({ storage }) => {
      const text = 'x'.repeat(ACCEPTED_BYTES);
      expect(await refusal(() => storage.put('ascii', text)), `an ASCII string of ${text.length} characters (${utf8Bytes(text)} bytes) must be accepted`).toBeUndefined();
      expect(await refusal(() => storage.put({ 'ascii-entry': text })), 'put(entries) likewise').toBeUndefined();
      expect(await storage.get('ascii'), 'it reads back').toBe(text);
    });

    storageSpec('ST-LIMIT-VALUE-131072', 'the limit is each value\'s, in every batch form: put(entries) of 4 values each just under it (their total 4 times over) is accepted outside and inside a transaction; one value over refuses the batch', async ({ object, storage, skip }) => {
      // The document sets the limit on a value ("Value size | 128 KiB"): put(entries) and
      // txn.put(entries) are batches of values, not one value, so their total is not limited.
      const under = [ACCEPTED_BYTES, ACCEPTED_BYTES, ACCEPTED_BYTES, ACCEPTED_BYTES];
      const entries = (prefix: string, sizes: number[]) => Object.fromEntries(sizes.map((size, i) => [`${prefix}${i}`, new Uint8Array(size).fill(i + 1)]));
      expect(await refusal(() => storage.put(entries('batch-', under))), `put(entries) of 4 values of ${ACCEPTED_BYTES} bytes each must be accepted (each is under the limit)`).toBeUndefined();
      expect((await storage.get(Object.keys(entries('batch-', under)))).size, 'all 4 values are stored').toBe(4);
      // Premise: txn.put(entries) of small values works (when it does not, that is the
      // transaction's failure, ST-TXN-OPERATIONS, and says nothing of the value limit).
      const small = await object.run<{ refused?: string; stored: number }>('transactionPutSized', { sizes: [1, 2] });
      if (small.refused !== undefined || small.stored !== 2) skip(`not verified: the premise failed: txn.put(entries) of two small values ${small.refused !== undefined ? `was refused (${small.refused})` : `stored ${small.stored} of them`}`);
      const inside = await object.run<{ refused?: string; stored: number }>('transactionPutSized', { sizes: under });
      expect(inside, `txn.put(entries) of 4 values of ${ACCEPTED_BYTES} bytes each must be accepted and commit (each is under the limit)`).toEqual({ stored: 4 });
      await storage.deleteAll();
      const oneOver = [ACCEPTED_BYTES, REFUSED_BYTES, ACCEPTED_BYTES];
      expect(await refusal(() => storage.put(entries('over-', oneOver))), `put(entries) with one value of ${REFUSED_BYTES} bytes must be refused`).toBeDefined();
      const insideOver = await object.run<{ refused?: string; stored: number }>('transactionPutSized', { sizes: oneOver });
      expect(insideOver.refused, `txn.put(entries) with one value of ${REFUSED_BYTES} bytes must be refused`).toBeDefined();
      // That a refused batch stores none of its values is ST-LIMIT-REFUSED-WRITES-NOTHING's subject.
    });

    storageSpec('ST-LIMIT-VALUE-RANGEERROR', 'an oversized value is refused with the documented RangeError', async ({ storage }) => {
      const error = await refusal(() => storage.put('big', 'x'.repeat(REFUSED_CHARACTERS)));
      expect(error, 'an oversized value must be refused with a RangeError').toBeInstanceOf(RangeError);
      const match = /^Values cannot be larger than 131072 bytes\. A value of size (\d+) was provided\.$/.exec((error as Error).message);
      expect(match, `the documented message, got: ${(error as Error).message}`).not.toBeNull();
      // The size is the serialized one: at least the string, plus the runtime's own overhead.
      expect(Number(match![1]), 'the size provided is at least the string\'s').toBeGreaterThanOrEqual(REFUSED_CHARACTERS);
    });

    // The core specs keep a margin because the document does not say how a value is measured. The
    // production notes do: the serialized form, whose size the refusal reports ("a value of size N").
    // Calibrated by the size it reports for one string (or, when it reports none, by V8's serializer,
    // which the structured clone of Node and workerd is), a string of exactly 131,072 bytes under
    // that measure lands on the edge.
    storageSpec('ST-LIMIT-VALUE-RANGEERROR', 'measured on the serialized form, a value of exactly 131,072 bytes is accepted (put(key) and put(entries)) and one byte more refused', async ({ storage }) => {
      const reported = (error: unknown): number | undefined => {
        const size = /A value of size (\d+) was provided/.exec((error as Error | undefined)?.message ?? '')?.[1];
        return size === undefined ? undefined : Number(size);
      };
      const probe = 'x'.repeat(REFUSED_CHARACTERS);
      const calibration = reported(await refusal(() => storage.put('edge', probe)));
      const measure = calibration === undefined ? `V8's serializer (the refusal gave no size)` : `the refusal of ${REFUSED_CHARACTERS} characters measured them (${calibration})`;
      // Tags and lengths around the characters: the same for every length of the same length-field width.
      const overhead = (calibration ?? serialize(probe).length) - REFUSED_CHARACTERS;
      const atEdge = 'x'.repeat(LIMIT - overhead);
      const measured = `${atEdge.length} characters: ${LIMIT} bytes as ${measure}`;
      expect(await refusal(() => storage.put('edge', atEdge)), `put(key) of a string of ${measured} must be accepted`).toBeUndefined();
      expect(await refusal(() => storage.put({ 'edge-entries': atEdge })), `put(entries) of a string of ${measured} must be accepted`).toBeUndefined();
      expect([(await storage.get<string>('edge'))?.length, (await storage.get<string>('edge-entries'))?.length], 'both read back whole').toEqual([atEdge.length, atEdge.length]);
      expect(await refusal(() => storage.put('over', `${atEdge}x`)), `a string of one character more (${LIMIT + 1} bytes) must be refused`).toBeDefined();
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

  // The same limits on txn.get, txn.put and txn.delete, and on every form with its options: forms.spec.ts.

  describe('a refused call changes nothing', () => {
    storageSpec('ST-LIMIT-REFUSED-WRITES-NOTHING', 'a put or delete refused for a limit stores and deletes nothing', async ({ storage, skip }) => {
      const existing = keysOf(129, 'existing-');
      await storeKeys(storage, existing);
      await storage.put('kept', 'original');
      const before = [...(await storage.list()).entries()];
      const refusedCalls = {
        'put of 129 pairs': () => storage.put(Object.fromEntries(keysOf(129, 'new-').map((key) => [key, key]))),
        'put of entries with one oversized key': () => storage.put({ small: 1, [REFUSED_KEYS.ascii]: 2, kept: 'replaced' }),
        // Far over the limits: where exactly they lie is the other specs' subject.
        'put of entries with one oversized value': () => storage.put({ small: 1, big: new Uint8Array(2 * LIMIT), kept: 'replaced' }),
        'put of an oversized value over an existing key': () => storage.put('kept', new Uint8Array(2 * LIMIT)),
        'delete of 129 keys': () => storage.delete(existing),
      };
      // The premise is a refusal: a call that was not refused is the limit specs' failure, not
      // this one's; it is left out (the storage it changed becomes the new "before").
      let state = before;
      const verified: string[] = [];
      for (const [call, work] of Object.entries(refusedCalls)) {
        const refused = (await refusal(work)) !== undefined;
        const after = [...(await storage.list()).entries()];
        if (!refused) {
          state = after;
          continue;
        }
        verified.push(call);
        expect(after, `a refused ${call} must leave the storage unchanged`).toEqual(state);
      }
      if (verified.length === 0) skip('not verified: none of the calls was refused, so there was no refused call to change nothing');
    });
  });
});
