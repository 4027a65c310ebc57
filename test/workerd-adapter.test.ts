// The workerd adapter: its value encoding (wire.ts), and the adapter against a real workerd
// (miniflare 4, at its default compatibility date) running the storage scenarios inside a Durable Object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkerdAdapter } from '../src/adapters/workerd/index.js';
import type { WorkerdStorageObject } from '../src/adapters/workerd/index.js';
import { decode, encode, errorFromWire } from '../src/adapters/protocol/wire.js';
import type { StorageAdapter } from '../contract/storage.js';
import { ALARM_LOG_KEY } from '../contract/scenarios.js';

/** Encodes, goes through JSON text as on the wire, decodes. */
const roundTrip = <T>(value: T): T => decode(JSON.parse(JSON.stringify(encode(value)))) as T;

describe('wire encoding', () => {
  it('round-trips primitives, including the numbers JSON cannot carry', () => {
    for (const value of [undefined, null, true, false, 0, 1.5, -7, 'text', '', '\u{1F600}', 2n ** 70n, -3n, Number.MAX_VALUE]) {
      expect(roundTrip(value)).toBe(value);
    }
    expect(roundTrip(NaN)).toBeNaN();
    expect(roundTrip(Infinity)).toBe(Infinity);
    expect(roundTrip(-Infinity)).toBe(-Infinity);
    expect(Object.is(roundTrip(-0), -0)).toBe(true);
    expect(Object.is(roundTrip(0), 0)).toBe(true);
  });

  it('round-trips Date, RegExp, Map, Set, plain objects and arrays', () => {
    const date = roundTrip(new Date(1_700_000_000_123));
    expect(date).toBeInstanceOf(Date);
    expect(date.getTime()).toBe(1_700_000_000_123);
    expect(Number.isNaN(roundTrip(new Date(NaN)).getTime())).toBe(true);
    const regexp = roundTrip(/a[b-c]+\/$/giu);
    expect(regexp).toBeInstanceOf(RegExp);
    expect(regexp.source).toBe('a[b-c]+\\/$');
    expect(regexp.flags).toBe('giu');
    const map = roundTrip(new Map<unknown, unknown>([['a', 1], [2, { b: [3] }], [undefined, null]]));
    expect(map).toBeInstanceOf(Map);
    expect([...map]).toEqual([['a', 1], [2, { b: [3] }], [undefined, null]]);
    const set = roundTrip(new Set([1, 'x', 3n]));
    expect([...set]).toEqual([1, 'x', 3n]);
    const object = roundTrip({ a: 1, nested: { b: [1, 'two', { c: undefined }] }, $: 'not a tag', u: undefined });
    expect(object).toEqual({ a: 1, nested: { b: [1, 'two', { c: undefined }] }, $: 'not a tag', u: undefined });
    expect(Object.keys(object)).toEqual(['a', 'nested', '$', 'u']);
    expect('u' in object).toBe(true);
    const withProto = roundTrip(JSON.parse('{"__proto__": 5}') as Record<string, unknown>);
    expect(Object.getPrototypeOf(withProto)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(withProto, '__proto__')?.value).toBe(5);
    // eslint-disable-next-line no-sparse-arrays
    const sparse = roundTrip([1, , 3]);
    expect(sparse).toHaveLength(3);
    expect(1 in sparse).toBe(false);
    // A class instance is copied as a plain object of its own enumerable properties.
    class Point { constructor(public x: number, public y: number) {} }
    const point = roundTrip(new Point(1, 2));
    expect(Object.getPrototypeOf(point)).toBe(Object.prototype);
    expect(point).toEqual({ x: 1, y: 2 });
  });

  it('round-trips ArrayBuffer, typed arrays and DataView, keeping offsets and shared buffers', () => {
    const buffer = roundTrip(new Uint8Array([0, 1, 254, 255]).buffer);
    expect(buffer).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(buffer)]).toEqual([0, 1, 254, 255]);
    expect(roundTrip(new ArrayBuffer(0)).byteLength).toBe(0);
    const kinds = [Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array, Float32Array, Float64Array] as const;
    for (const Kind of kinds) {
      const array = roundTrip(new Kind([1, 2, 3, 100]));
      expect(array).toBeInstanceOf(Kind);
      expect([...array]).toEqual([1, 2, 3, 100]);
    }
    expect([...roundTrip(new BigInt64Array([-1n, 2n ** 62n]))]).toEqual([-1n, 2n ** 62n]);
    expect([...roundTrip(new BigUint64Array([2n ** 64n - 1n]))]).toEqual([2n ** 64n - 1n]);
    const backing = new ArrayBuffer(16);
    new Uint8Array(backing).set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    const shared = roundTrip({ view: new DataView(backing, 4, 8), slice: new Uint16Array(backing, 2, 3), backing });
    expect(shared.view).toBeInstanceOf(DataView);
    expect([shared.view.byteOffset, shared.view.byteLength, shared.view.getUint8(0)]).toEqual([4, 8, 5]);
    expect([shared.slice.byteOffset, shared.slice.length]).toEqual([2, 3]);
    expect(shared.view.buffer).toBe(shared.backing);
    expect(shared.slice.buffer).toBe(shared.backing);
    const big = new Uint8Array(200_000).map((_, index) => index % 251);
    expect(roundTrip(big)).toEqual(big);
  });

  it('keeps shared references and cycles', () => {
    const object: Record<string, unknown> = { name: 'root' };
    const list: unknown[] = [object];
    object.self = object;
    object.list = list;
    list.push(list);
    const map = new Map<unknown, unknown>();
    map.set(map, object);
    const set = new Set<unknown>([object]);
    set.add(set);
    object.map = map;
    object.set = set;
    const shared = { leaf: true };
    object.pair = [shared, shared];

    const copy = roundTrip(object) as typeof object & { self: unknown; list: unknown[]; map: Map<unknown, unknown>; set: Set<unknown>; pair: unknown[] };
    expect(copy).not.toBe(object);
    expect(copy.self).toBe(copy);
    expect(copy.list[0]).toBe(copy);
    expect(copy.list[1]).toBe(copy.list);
    expect(copy.map.get(copy.map)).toBe(copy);
    expect(copy.set.has(copy)).toBe(true);
    expect(copy.set.has(copy.set)).toBe(true);
    expect(copy.pair[0]).toBe(copy.pair[1]);
  });

  it('refuses functions and symbols with a DataCloneError, and rebuilds error classes', () => {
    expect(() => encode({ f: () => 1 })).toThrow(expect.objectContaining({ name: 'DataCloneError' }));
    expect(() => encode(Symbol('s'))).toThrow(expect.objectContaining({ name: 'DataCloneError' }));
    const error = roundTrip(new RangeError('too big'));
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toBe('too big');
    expect(errorFromWire({ name: 'TypeError', message: 'm' })).toBeInstanceOf(TypeError);
    const custom = errorFromWire({ name: 'DataCloneError', message: 'x' });
    expect([custom.name, custom.message]).toEqual(['DataCloneError', 'x']);
  });
});

describe('workerd adapter (miniflare 4)', { timeout: 60_000 }, () => {
  let adapter: StorageAdapter;
  const objects: WorkerdStorageObject[] = [];
  const fresh = async () => {
    const object = (await adapter.create()) as WorkerdStorageObject;
    objects.push(object);
    return object;
  };

  beforeAll(async () => {
    adapter = createWorkerdAdapter();
    // Starting workerd is not any spec's time: its own generous limit (4–26 s on a loaded machine).
    await adapter.start!();
  }, 600_000);

  afterAll(async () => {
    for (const object of objects) await object.destroy().catch(() => {});
    await adapter?.close?.();
  }, 600_000);

  it('declares what it supports', () => {
    expect(adapter.name).toBe('workerd');
    expect(createWorkerdAdapter({ compatibilityDate: '2025-07-18' }).name, 'named by its date when given one').toBe('workerd@2025-07-18');
    expect(adapter.supports).toEqual({ kv: true, alarms: true, clock: false, faults: false, restart: true, sql: true, pitr: false });
    expect(adapter.unsupportedReasons?.pitr).toBe('not verified: workerd does not implement point-in-time recovery locally');
  });

  it('puts and gets structured values (a Map, a Date, bytes)', async () => {
    const { storage } = await fresh();
    const value = new Map<string, unknown>([['when', new Date(5)], ['bytes', new Uint8Array([1, 2, 3])], ['n', -0]]);
    await storage.put('m', value);
    const back = await storage.get<Map<string, unknown>>('m');
    expect(back).toBeInstanceOf(Map);
    expect(back!.get('when')).toEqual(new Date(5));
    expect(back!.get('bytes')).toEqual(new Uint8Array([1, 2, 3]));
    expect(Object.is(back!.get('n'), -0)).toBe(true);
    expect(await storage.get('missing')).toBeUndefined();
    const many = await storage.get(['m', 'missing']);
    expect([...many.keys()]).toEqual(['m']);
  });

  it('lists in UTF-8 byte order, with options', async () => {
    const { storage } = await fresh();
    // U+10000 (surrogates in UTF-16) sorts after U+FFFD in UTF-8, before it in UTF-16.
    await storage.put({ b: 2, a: 1, c: 3, '\u{10000}': 5, '\uFFFD': 4, '': 0 });
    expect([...(await storage.list()).keys()]).toEqual(['', 'a', 'b', 'c', '\uFFFD', '\u{10000}']);
    expect([...(await storage.list({ start: 'a', end: 'c' })).entries()]).toEqual([['a', 1], ['b', 2]]);
    expect([...(await storage.list({ reverse: true, limit: 2 })).keys()]).toEqual(['\u{10000}', '\uFFFD']);
    expect(await storage.delete('a')).toBe(true);
    expect(await storage.delete(['a', 'b', 'zz'])).toBe(1);
  });

  it('rethrows errors from inside the object with their class and message', async () => {
    const { storage } = await fresh();
    await expect(storage.list({ start: 'a', startAfter: 'b' })).rejects.toThrow(
      new TypeError('list() cannot be called with both start and startAfter values.'),
    );
    await expect(storage.list({ limit: 0 })).rejects.toBeInstanceOf(TypeError);
    await expect(storage.put('k', undefined)).rejects.toBeInstanceOf(TypeError);
    await expect(storage.transaction(async () => 1)).rejects.toThrow(/closure/);
  });

  // The SQLite backend of the open-source runtime does not check the key size limit
  // (reference-notes: Storage runtime); nothing is asserted about it here.

  it('runs increment 20 times concurrently inside the object and gets 20', async () => {
    const object = await fresh();
    const results = await Promise.all(Array.from({ length: 20 }, () => object.run<number>('increment', { key: 'counter' })));
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(await object.storage.get('counter')).toBe(20);
  });

  it('runs transactionRollback: every operation after rollback() throws, a second rollback does not', async () => {
    const object = await fresh();
    const { result, probes } = await object.run<{ result: { ok: boolean }; probes: Record<string, { ok: boolean; error?: { name: string; message: string } }> }>(
      'transactionRollback', { entries: { x: 1, y: 2 }, probeKey: 'x' },
    );
    expect(result.ok).toBe(true);
    for (const operation of ['get', 'put', 'delete', 'list']) {
      expect(probes[operation]?.ok, operation).toBe(false);
      expect(probes[operation]?.error?.message).toMatch(/rolled back transaction/);
    }
    expect(probes.rollbackAgain?.ok).toBe(true);
    expect((await object.storage.list()).size).toBe(0);
  });

  it('runs an unknown scenario as a TypeError', async () => {
    const object = await fresh();
    await expect(object.run('noSuchScenario')).rejects.toThrow(TypeError);
  });

  it('runs the alarm handler of the scenarios module', async () => {
    const { storage } = await fresh();
    // workerd runs on real time: read the alarm back while it is an hour away (a near alarm
    // may already have fired on a loaded machine), then move it to now and wait for the run.
    const anHourAway = Date.now() + 3_600_000;
    await storage.setAlarm(anHourAway);
    expect(await storage.getAlarm()).toBe(anHourAway);
    await storage.setAlarm(Date.now());
    let runs: number[] | undefined;
    for (let tries = 0; tries < 100 && !runs?.length; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      runs = await storage.get<number[]>(ALARM_LOG_KEY);
    }
    expect(runs).toHaveLength(1);
    expect(await storage.getAlarm()).toBeNull();
  });

  it('restart() makes a new instance over the same storage', async () => {
    const object = await fresh();
    await object.storage.put('kept', { v: 1 });
    const before = await object.instanceId();
    expect(await object.instanceId()).toBe(before);
    await object.restart();
    expect(await object.instanceId()).not.toBe(before);
    expect(await object.storage.get('kept')).toEqual({ v: 1 });
  });

  it('keeps objects isolated, and destroy() empties one', async () => {
    const first = await fresh();
    const second = await fresh();
    await first.storage.put('only-in-first', 1);
    expect(await second.storage.get('only-in-first')).toBeUndefined();
    await first.destroy();
    await expect(first.storage.get('only-in-first')).rejects.toThrow(/destroyed/);
  });
});
