// The reference's point-in-time recovery from the inside (reference-impl/storage/pitr-history.ts):
// any kept point rebuilds exactly, through logged flushes, page diffs and snapshots; a put() is
// recorded as its writes, not as the database; pruning keeps memory and disk bounded by the
// 30-day window and no less than it; bookmarks of other objects are refused.
// Time is the runtime's virtual clock.

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from '../reference-impl/sqlite-driver.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { HISTORY_WINDOW_MS, ObjectRuntime } from '../reference-impl/storage/index.js';
import type { ObjectStorage } from '../contract/storage.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const START = Date.UTC(2026, 0, 1);

const dirs: string[] = [];
const runtimes: ObjectRuntime[] = [];
afterEach(() => {
  for (const runtime of runtimes.splice(0)) runtime.destroy();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A SQLite-backed object on a file (as the adapter makes them), or in memory. */
function sqliteObject({ inMemory = false } = {}): { runtime: ObjectRuntime; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'specgate-pitr-'));
  dirs.push(dir);
  const file = join(dir, 'storage.sqlite');
  const runtime = new ObjectRuntime({ backend: 'sqlite', ...(inMemory ? {} : { sqliteFile: file }), startTime: START });
  runtimes.push(runtime);
  return { runtime, file };
}

/** Runs SQL inside the object; answers the rows of the last statement. */
const sql = (runtime: ObjectRuntime, query: string, ...bindings: (string | number | null)[]) =>
  runtime.deliver((storage: ObjectStorage) => storage.sql!.exec(query, ...bindings).toArray());

async function restoreAndRestart(runtime: ObjectRuntime, bookmark: string): Promise<string> {
  const undo = await runtime.storage.onNextSessionRestoreBookmark(bookmark);
  runtime.restart();
  return undo;
}

/** Everything the object holds: its keys and the rows of table t. */
async function contents(runtime: ObjectRuntime): Promise<unknown> {
  return { kv: Object.fromEntries(await runtime.storage.list()), t: await sql(runtime, 'SELECT k, v FROM t ORDER BY k') };
}

describe('the reference PITR history', () => {
  it('rebuilds every kept point exactly, across page diffs and snapshots (property)', async () => {
    const step = fc.oneof(
      fc.record({ put: fc.string({ maxLength: 3 }), size: fc.integer({ min: 0, max: 9000 }) }),
      fc.record({ row: fc.integer({ min: 0, max: 20 }), size: fc.integer({ min: 0, max: 9000 }) }),
      fc.record({ deleteAll: fc.constant(true) }),
    );
    let mostSnapshots = 0;
    await fc.assert(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), fc.nat(), async (steps, order) => {
      const { runtime } = sqliteObject();
      await sql(runtime, 'CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)');
      const points: { bookmark: string; contents: unknown }[] = [];
      for (const [index, s] of steps.entries()) {
        if ('put' in s) await runtime.storage.put(s.put, 'p'.repeat(s.size) + index);
        else if ('row' in s) await sql(runtime, 'INSERT OR REPLACE INTO t (k, v) VALUES (?, ?)', s.row, 'r'.repeat(s.size) + index);
        else await runtime.storage.deleteAll();
        await runtime.advanceClock(HOUR);
        points.push({ bookmark: await runtime.storage.getCurrentBookmark(), contents: await contents(runtime) });
      }
      // Restores in a scrambled order, each followed by a check (a restore is a point too).
      for (let i = 0; i < points.length; i++) {
        const point = points[(i * 7 + order) % points.length]!;
        await restoreAndRestart(runtime, point.bookmark);
        expect(await contents(runtime)).toEqual(point.contents);
      }
      mostSnapshots = Math.max(mostSnapshots, runtime.historyStats()!.snapshots);
    }), { seed: 20261121, numRuns: 15 });
    expect(mostSnapshots, 'some run rebuilt points from snapshots taken along the way, not only the first').toBeGreaterThanOrEqual(3);
  }, 600_000);

  it('keeps memory and disk bounded by the 30-day window however long the object lives', async () => {
    const { runtime, file } = sqliteObject();
    const everySixHours = async (days: number) => {
      for (let i = 0; i < days * 4; i++) {
        await runtime.storage.put(`key-${i % 50}`, 'x'.repeat(2000) + i);
        await runtime.advanceClock(6 * HOUR);
      }
    };
    await everySixHours(35);
    // The history's files: its database and its write-ahead log.
    const disk = () => statSync(`${file}-pitr`).size + (existsSync(`${file}-pitr-wal`) ? statSync(`${file}-pitr-wal`).size : 0);
    const settled = { stats: runtime.historyStats()!, disk: disk() };
    await everySixHours(60);
    const later = { stats: runtime.historyStats()!, disk: disk() };
    expect(later.stats.versions, 'versions: about four a day for 30 days').toBeLessThanOrEqual(30 * 4 + 2);
    expect(later.stats.oldestTime!, 'nothing older than the window but the state at its start').toBeGreaterThanOrEqual(runtime.clock.now() - HISTORY_WINDOW_MS - 6 * HOUR);
    expect(later.stats.bytes, 'bytes kept do not grow with the object\'s age').toBeLessThanOrEqual(settled.stats.bytes * 1.5);
    expect(later.disk, 'nor do the history\'s files').toBeLessThanOrEqual(settled.disk * 1.5);
  }, 600_000);

  it('prunes no less than the window: 29 days back restores, a state replaced 31 days ago does not', async () => {
    const { runtime } = sqliteObject();
    await runtime.storage.put('v', 'old');
    const old = await runtime.storage.getCurrentBookmark();
    await runtime.advanceClock(HOUR);
    await runtime.storage.put('v', 'replaced');
    const replaced = await runtime.storage.getCurrentBookmark();
    await runtime.advanceClock(2 * DAY);
    await runtime.storage.put('v', 'recent');
    await runtime.advanceClock(29 * DAY);
    await runtime.storage.put('v', 'now');
    await expect(runtime.storage.onNextSessionRestoreBookmark(old)).rejects.toThrow(/older than the 30-day history window/);
    await restoreAndRestart(runtime, replaced); // replaced 29 days ago: still within the window
    expect(await runtime.storage.get('v')).toBe('replaced');
  });

  it('prunes every version that left the window at once, however many (it reads them in pages of 100)', async () => {
    const { runtime } = sqliteObject();
    for (let i = 0; i < 250; i++) await runtime.storage.put('k', i);
    await runtime.advanceClock(31 * DAY);
    await runtime.storage.put('k', 'now');
    expect(runtime.historyStats()!.versions, 'the state at the window\'s start and the latest').toBe(2);
    await restoreAndRestart(runtime, await runtime.storage.getBookmarkForTime(runtime.clock.now() - 30 * DAY + HOUR));
    expect(await runtime.storage.get('k'), 'the state at the window\'s start').toBe(249);
  });

  it('keeps a pending restore\'s target even once it leaves the window before the restart', async () => {
    const { runtime } = sqliteObject();
    await runtime.storage.put('v', 'target');
    const target = await runtime.storage.getCurrentBookmark();
    await runtime.advanceClock(HOUR);
    await runtime.storage.put('v', 'later');
    await runtime.advanceClock(29 * DAY);
    await runtime.storage.onNextSessionRestoreBookmark(target);
    await runtime.advanceClock(5 * DAY);
    await runtime.storage.put('v', 'much later'); // records a version, which prunes
    runtime.restart();
    expect(await runtime.storage.get('v')).toBe('target');
  });

  it('records a put() as its writes, not as the database: the history grows by the flush, whatever the database\'s size', async () => {
    const { runtime } = sqliteObject();
    for (let n = 0; n < 16; n++) await runtime.storage.put(Object.fromEntries(Array.from({ length: 128 }, (_, i) => [`big-${n}-${i}`, 'b'.repeat(1000)])));
    await runtime.storage.put('small', 0);
    const before = runtime.historyStats()!;
    for (let i = 1; i <= 20; i++) await runtime.storage.put('small', i);
    const after = runtime.historyStats()!;
    expect(after.versions - before.versions).toBe(20);
    expect(after.snapshots, 'no image of the (2 MB) database taken for them').toBe(before.snapshots);
    expect(after.bytes - before.bytes, 'about the 20 small writes').toBeLessThan(20 * 100);
    const bookmark = await runtime.storage.getBookmarkForTime(runtime.clock.now());
    await restoreAndRestart(runtime, bookmark);
    expect(await runtime.storage.get('small')).toBe(20);
    expect((await runtime.storage.list({ prefix: 'big-' })).size).toBe(16 * 128);
  });

  it('records queries SQLite runs outside a transaction (VACUUM, PRAGMA) too, and restores them', async () => {
    const { runtime } = sqliteObject();
    await sql(runtime, 'CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)');
    await sql(runtime, "INSERT INTO t VALUES (1, 'one'); VACUUM; PRAGMA user_version = 7");
    const bookmark = await runtime.storage.getCurrentBookmark();
    await sql(runtime, "INSERT INTO t VALUES (2, 'two'); PRAGMA user_version = 8");
    expect(await sql(runtime, 'SELECT k FROM t ORDER BY k')).toEqual([{ k: 1 }, { k: 2 }]);
    await restoreAndRestart(runtime, bookmark);
    expect(await sql(runtime, 'SELECT k, v FROM t ORDER BY k')).toEqual([{ k: 1, v: 'one' }]);
    expect(await sql(runtime, 'PRAGMA user_version')).toEqual([{ user_version: 7 }]);
  });

  it('refuses bookmarks it did not issue: malformed, forged, or of another object', async () => {
    const { runtime } = sqliteObject();
    const { runtime: other } = sqliteObject();
    const foreign = await other.storage.getCurrentBookmark();
    const own = await runtime.storage.getCurrentBookmark();
    const forged = own.slice(0, -1) + (own.endsWith('0') ? '1' : '0');
    for (const bookmark of ['not a bookmark', foreign, forged]) {
      await expect(runtime.storage.onNextSessionRestoreBookmark(bookmark), bookmark).rejects.toThrow(TypeError);
    }
  });

  it('restores an object kept in memory too', async () => {
    const { runtime } = sqliteObject({ inMemory: true });
    await runtime.storage.put('v', 1);
    const bookmark = await runtime.storage.getCurrentBookmark();
    await runtime.storage.put('v', 2);
    runtime.restart();
    expect(await runtime.storage.get('v'), 'a plain restart keeps an in-memory database').toBe(2);
    await restoreAndRestart(runtime, bookmark);
    expect(await runtime.storage.get('v')).toBe(1);
  });

  // In memory, the database opened from a restore's image serialized only its committed pages: a
  // SQL write recorded before its commit was recorded without its rows (found by the PITR model).
  it.each([['on a file', false], ['in memory', true]])('%s: a SQL write made after a restore is in the history, and a second restore brings it back', async (_where, inMemory) => {
    const { runtime } = sqliteObject({ inMemory });
    await sql(runtime, 'CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)');
    await sql(runtime, 'INSERT INTO t VALUES (1, ?)', 'a');
    const first = await runtime.storage.getCurrentBookmark();
    await sql(runtime, 'INSERT INTO t VALUES (2, ?)', 'b');
    await restoreAndRestart(runtime, first);
    await sql(runtime, 'INSERT INTO t VALUES (3, ?)', 'c');
    const second = await runtime.storage.getCurrentBookmark();
    await sql(runtime, 'INSERT INTO t VALUES (4, ?)', 'd');
    await restoreAndRestart(runtime, second);
    expect(await sql(runtime, 'SELECT k, v FROM t ORDER BY k')).toEqual([{ k: 1, v: 'a' }, { k: 3, v: 'c' }]);
  });

  it('has the key-value backend answer as workerd does without PITR: a placeholder bookmark, refusals, no sql', async () => {
    const runtime = new ObjectRuntime({ backend: 'kv' });
    runtimes.push(runtime);
    const placeholder = await runtime.storage.getCurrentBookmark();
    expect(placeholder).toBe('00000000-00000000-00000000-00000000000000000000000000000000');
    await expect(runtime.storage.getBookmarkForTime(Date.now())).rejects.toThrow(/does not implement point-in-time recovery/);
    await expect(runtime.storage.onNextSessionRestoreBookmark(placeholder)).rejects.toThrow(/does not implement point-in-time recovery/);
    expect(await runtime.deliver((storage: ObjectStorage) => storage.sql)).toBeUndefined();
  });
});

// The state a kill -9 leaves between the history's commit and the database's (test/crash-consistency.test.ts
// makes it with a real kill in a child process), made here in-process so that the repair at open
// runs where mutation testing sees it: the database file is put back as it was before the last
// change, while the history keeps that change's version.
describe('repair at open after the history got a version the database never committed', () => {
  async function crashed(mode: 'kv' | 'sql' | 'clear'): Promise<{ file: string; before: Map<string, unknown>; bookmark: string }> {
    const { runtime, file } = sqliteObject();
    await runtime.storage.put({ a: 1, b: 2 });
    await sql(runtime, 'CREATE TABLE t (x INTEGER)');
    await sql(runtime, 'INSERT INTO t VALUES (1)');
    const before = await runtime.storage.list();
    const bookmark = await runtime.storage.getCurrentBookmark();
    runtime.destroy();
    const saved = readFileSync(file);
    const reopened = new ObjectRuntime({ backend: 'sqlite', sqliteFile: file, startTime: START });
    if (mode === 'kv') await reopened.storage.put({ a: 10, c: 3 });
    else if (mode === 'clear') await reopened.storage.deleteAll();
    else await sql(reopened, 'INSERT INTO t VALUES (2)');
    reopened.destroy();
    writeFileSync(file, saved);
    return { file, before, bookmark };
  }

  for (const mode of ['kv', 'clear', 'sql'] as const) {
    it(`drops that version (${mode === 'sql' ? 'a SQL write' : mode === 'kv' ? 'a put()' : 'a deleteAll()'}): the data and the current bookmark are those before it`, async () => {
      const { file, before, bookmark } = await crashed(mode);
      const runtime = new ObjectRuntime({ backend: 'sqlite', sqliteFile: file, startTime: START });
      runtimes.push(runtime);
      expect(await runtime.storage.list()).toEqual(before);
      expect(await sql(runtime, 'SELECT x FROM t ORDER BY x')).toEqual([{ x: 1 }]);
      expect(await runtime.storage.getCurrentBookmark(), 'the current bookmark is the last committed change').toBe(bookmark);
      await runtime.storage.put('after', 1);
      expect(await runtime.storage.getCurrentBookmark() > bookmark, 'a later change gets a later bookmark').toBe(true);
    });
  }
});

// The repair at open must tell a key-value flush the database has from one it lacks by the
// flush's own writes (deletions, the alarm, a deleteAll with puts after it), and finish a restore
// the kill interrupted. Reopening without a kill must keep every version.
describe('repair at open: what a flush wrote, and an interrupted restore', () => {
  const open = (file: string) => {
    const runtime = new ObjectRuntime({ backend: 'sqlite', sqliteFile: file, startTime: START, alarmHandler: async () => {} });
    runtimes.push(runtime);
    return runtime;
  };
  /** What the object holds and where its history is: its keys, alarm and current bookmark. */
  const state = async (runtime: ObjectRuntime) => ({
    kv: Object.fromEntries(await runtime.storage.list()),
    alarm: await runtime.storage.getAlarm(),
    bookmark: await runtime.storage.getCurrentBookmark(),
  });
  const FLUSHES: Record<string, (runtime: ObjectRuntime) => Promise<unknown>> = {
    'a delete()': (runtime) => runtime.storage.delete('a'),
    'a setAlarm()': (runtime) => runtime.storage.setAlarm(START + HOUR),
    'a deleteAlarm()': (runtime) => runtime.storage.deleteAlarm(),
    'a deleteAll() with a put() and a delete() after it, in one flush': (runtime) => runtime.deliver((storage: ObjectStorage) => {
      void storage.deleteAll();
      void storage.put('c', 3);
      void storage.delete('b');
    }),
  };

  /** An object on a file with keys a and b and an alarm, closed; answers its file and state. */
  async function prepared(): Promise<{ file: string; before: unknown }> {
    const { runtime, file } = sqliteObject();
    runtime.destroy();
    const first = open(file);
    await first.storage.put({ a: 1, b: 2 });
    await first.storage.setAlarm(START + 2 * HOUR);
    const before = await state(first);
    first.destroy();
    return { file, before };
  }

  for (const [name, flush] of Object.entries(FLUSHES)) {
    it(`keeps ${name} the database committed: same data, same current bookmark`, async () => {
      const { file } = await prepared();
      const runtime = open(file);
      await flush(runtime);
      const after = await state(runtime);
      runtime.destroy();
      expect(await state(open(file))).toEqual(after);
    });

    it(`drops ${name} the database never committed`, async () => {
      const { file, before } = await prepared();
      const saved = readFileSync(file);
      const runtime = open(file);
      await flush(runtime);
      runtime.destroy();
      writeFileSync(file, saved);
      expect(await state(open(file))).toEqual(before);
    });
  }

  it('finishes a restore whose version the history committed before the database was replaced', async () => {
    const { file } = await prepared();
    const runtime = open(file);
    await sql(runtime, 'CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)');
    await sql(runtime, "INSERT INTO t VALUES (1, 'kept')");
    const point = await contents(runtime);
    const bookmark = await runtime.storage.getCurrentBookmark();
    await sql(runtime, "INSERT INTO t VALUES (2, 'undone')");
    await runtime.storage.put('later', 1);
    await runtime.storage.onNextSessionRestoreBookmark(bookmark);
    const saved = readFileSync(file);
    runtime.restart();
    const restored = await contents(runtime);
    expect(restored).toEqual(point);
    runtime.destroy();
    writeFileSync(file, saved);
    expect(await contents(open(file)), 'the restore is finished at open').toEqual(point);
  });
});

// A history file of an earlier layout (format 1: page diffs only) is not read at open: its
// versions and its pending restore are dropped, and a new generation starts (pitr-history.ts
// upgrade()), so that the bookmarks issued from then on stay after the old ones.
describe('a history of an earlier format', () => {
  it('is dropped at open: its bookmarks and pending restore are gone, new bookmarks come after them, the data stays', async () => {
    const { runtime, file } = sqliteObject();
    await sql(runtime, 'CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT)');
    await sql(runtime, "INSERT INTO t VALUES (1, 'one')");
    const old = await runtime.storage.getCurrentBookmark();
    await runtime.storage.put('a', 1);
    await runtime.storage.onNextSessionRestoreBookmark(old);
    const kept = await contents(runtime);
    runtime.destroy();
    const history = new Database(`${file}-pitr`);
    history.prepare("UPDATE meta SET value = 1 WHERE key = 'format'").run();
    // As if the old history had pruned its first 1,000 versions: its floor goes with it.
    history.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('floor', 1000)").run();
    history.close();

    const upgraded = new ObjectRuntime({ backend: 'sqlite', sqliteFile: file, startTime: START });
    runtimes.push(upgraded);
    const first = await upgraded.storage.getCurrentBookmark();
    expect(first > old, 'the first bookmark after the upgrade comes after the old ones').toBe(true);
    await expect(upgraded.storage.onNextSessionRestoreBookmark(old), 'a bookmark of the dropped history').rejects.toThrow();
    upgraded.restart();
    expect(await contents(upgraded), 'the pending restore was dropped with the history').toEqual(kept);
    // The new history works from its first version on: a SQL write, a put, and back.
    await sql(upgraded, "INSERT INTO t VALUES (2, 'two')");
    await upgraded.storage.put('b', 2);
    await restoreAndRestart(upgraded, first);
    expect(await contents(upgraded)).toEqual(kept);
  });
});
