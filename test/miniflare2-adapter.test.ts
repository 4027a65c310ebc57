// The miniflare2 adapter's own parts (docs/adapters/miniflare2.md): the virtual time it gives
// Miniflare 2's alarm scheduler, its failing flush, restart() and destroy(), and that each call
// is one event through Miniflare 2's gates. What Miniflare 2 itself does is the conformance run's
// business (test/miniflare2-conformance.test.ts); nothing here asserts a divergence.

import { afterAll, describe, expect, it } from 'vitest';
import { miniflare2Adapter, type Miniflare2StorageObject } from '../src/adapters/miniflare2/index.js';
import { INJECTED_FLUSH_FAILURE } from '../src/adapters/miniflare2/flush-faults.js';
import { VirtualTime } from '../src/adapters/miniflare2/virtual-time.js';
import { ALARM_BEHAVIOUR_KEY, ALARM_LOG_KEY } from '../contract/scenarios.js';

const realGlobals = () => [Date.now, globalThis.setTimeout, globalThis.clearTimeout];
const atStart = realGlobals();
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const objects: Miniflare2StorageObject[] = [];
const fresh = async () => {
  const object = await miniflare2Adapter.create();
  objects.push(object);
  return object;
};
const runsOf = async (object: Miniflare2StorageObject) => (await object.storage.get<number[]>(ALARM_LOG_KEY)) ?? [];

afterAll(async () => {
  for (const object of objects) await object.destroy();
});

describe('VirtualTime', () => {
  it('points Date.now, setTimeout and clearTimeout at the clock only while the work runs, also when it throws', () => {
    const real = { now: Date.now, setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
    const time = new VirtualTime(1_000);
    const inside = time.within(() => ({ now: Date.now(), timer: setTimeout(() => {}, 50) }));
    expect(inside.now).toBe(1_000);
    expect(time.nextDue(1_049), 'not due before its delay').toBeUndefined();
    expect(time.nextDue(1_050), 'the timer is the clock\'s').toBe(inside.timer);
    expect(() => time.within(() => { throw new Error('inside'); })).toThrow('inside');
    expect([Date.now, globalThis.setTimeout, globalThis.clearTimeout]).toEqual([real.now, real.setTimeout, real.clearTimeout]);
  });

  it('fires timers in time order, moving the clock to each; clearTimeout forgets one', () => {
    const time = new VirtualTime(0);
    const fired: string[] = [];
    const [late, early, cleared] = time.within(() => [
      setTimeout(() => fired.push(`late at ${Date.now()}`), 20),
      setTimeout(() => fired.push(`early at ${Date.now()}`), 10),
      setTimeout(() => fired.push('cleared'), 15),
    ]);
    time.within(() => clearTimeout(cleared));
    for (let timer = time.nextDue(100); timer !== undefined; timer = time.nextDue(100)) time.fire(timer);
    expect(fired).toEqual(['early at 10', 'late at 20']);
    expect(time.now()).toBe(20);
    expect(late).not.toBe(early);
  });

  it('says when a timer is registered already due, and never moves back', () => {
    const time = new VirtualTime(500);
    let dueNow = 0;
    time.onDueTimer = () => dueNow++;
    time.within(() => setTimeout(() => {}, 0));
    time.within(() => setTimeout(() => {}, 1));
    expect(dueNow).toBe(1);
    time.moveTo(100);
    expect(time.now()).toBe(500);
  });
});

describe('miniflare2 adapter', () => {
  it('declares the key-value backend, SQL and point-in-time recovery out of its scope', () => {
    expect(miniflare2Adapter.name).toBe('miniflare2');
    expect(miniflare2Adapter.supports).toEqual({ kv: true, alarms: true, clock: true, faults: true, restart: true, sql: false, pitr: false });
    expect(miniflare2Adapter.outOfScope).toEqual(['sql', 'pitr']);
  });

  it('delivers concurrent events through Miniflare 2\'s input gate: 20 increments make 20', async () => {
    const object = await fresh();
    const results = await Promise.all(Array.from({ length: 20 }, () => object.run<number>('increment', { key: 'counter' })));
    expect([...results].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(await object.storage.get('counter')).toBe(20);
  });

  it('copies a call\'s arguments when the call is made, before the event runs', async () => {
    const { storage } = await fresh();
    const value = { list: [1] };
    const writing = storage.put('k', value);
    value.list.push(2);
    await writing;
    expect(await storage.get('k')).toEqual({ list: [1] });
    // Control: a value changed before the call is stored as changed.
    await storage.put('k', value);
    expect(await storage.get('k')).toEqual({ list: [1, 2] });
  });

  it('rethrows Miniflare 2\'s errors as they are, and an unknown scenario as a TypeError', async () => {
    const object = await fresh();
    await expect(object.storage.list({ start: 'a', startAfter: 'b' })).rejects.toThrow(new TypeError('list() cannot be called with both start and startAfter values.'));
    await expect(object.storage.put('k', undefined)).rejects.toBeInstanceOf(TypeError);
    await expect(object.run('noSuchScenario')).rejects.toThrow(TypeError);
    expect(await object.storage.transaction(async (txn) => { await txn.put('t', 1); return 'committed'; })).toBe('committed');
    expect(await object.storage.get('t')).toBe(1);
  });

  it('runs the suite\'s alarm handler by Miniflare 2\'s alarm store on virtual time, also beyond its 30-second look-ahead', async () => {
    const object = await fresh();
    const start = await object.clock.now();
    await object.storage.setAlarm(start + 100_000);
    await object.clock.advance(99_999);
    expect(await runsOf(object), 'not before its time').toEqual([]);
    await object.clock.advance(1);
    expect(await runsOf(object), 'at its time, told the virtual time').toEqual([start + 100_000]);
    expect(await object.clock.now()).toBe(start + 100_000);
    expect(await object.storage.getAlarm()).toBeNull();
  });

  it('fires an alarm that is already due without advance(), as a real timer would', async () => {
    const object = await fresh();
    const now = await object.clock.now();
    await object.storage.setAlarm(now - 1_000);
    for (let turns = 0; turns < 100 && (await runsOf(object)).length === 0; turns++) await turn();
    expect(await runsOf(object)).toEqual([now]);
    expect(await object.clock.now(), 'no time passed').toBe(now);
  });

  it('catches a failing alarm handler and keeps what it threw', async () => {
    const object = await fresh();
    await object.storage.put(ALARM_BEHAVIOUR_KEY, { failTimes: 1 });
    await object.storage.setAlarm((await object.clock.now()) + 10);
    await object.clock.advance(10);
    expect((await runsOf(object)).length).toBe(1);
    expect(object.alarmFailures.map((error) => (error as Error).message)).toEqual(['specgate: alarm handler fails on purpose']);
  });

  it('fails the next flush once, whenever it comes', async () => {
    const object = await fresh();
    await object.faults.failNextFlush();
    expect(await object.storage.get('k'), 'a read is no flush').toBeUndefined();
    await expect(object.storage.put('k', 'lost')).rejects.toThrow(INJECTED_FLUSH_FAILURE);
    // (Miniflare 2 would write the failed value with its next flush: a restart drops it first.)
    await object.restart();
    await object.storage.put('other', 'written');
    await object.restart();
    expect(Object.fromEntries(await object.storage.list()), 'only the later flush reached disk').toEqual({ other: 'written' });
  });

  it('restart() drops what is in memory and keeps what was flushed, and the alarm', async () => {
    const object = await fresh();
    const time = (await object.clock.now()) + 5_000;
    await object.storage.setAlarm(time);
    await object.storage.put('k', 'flushed');
    await object.faults.failNextFlush();
    await object.storage.put('k', 'lost').catch(() => {});
    expect(await object.storage.get('k'), 'Miniflare 2 keeps the failed write in memory').toBe('lost');
    await object.restart();
    expect(await object.storage.get('k')).toBe('flushed');
    expect(await object.storage.getAlarm()).toBe(time);
    await object.clock.advance(5_000);
    expect(await runsOf(object), 'the alarm store outlives the instance').toEqual([time]);
  });

  it('keeps objects isolated; after destroy() calls are refused', async () => {
    const first = await fresh();
    const second = await fresh();
    await first.storage.put('only-in-first', 1);
    expect(await second.storage.get('only-in-first')).toBeUndefined();
    await first.destroy();
    await expect(first.storage.get('only-in-first')).rejects.toThrow(/destroyed/);
    await expect(first.restart()).rejects.toThrow(/destroyed/);
  });

  it('leaves Date.now, setTimeout and clearTimeout as they were', () => {
    expect(realGlobals()).toEqual(atStart);
  });
});
