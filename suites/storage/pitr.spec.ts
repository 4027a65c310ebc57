// Point-in-time recovery (SQLite backend): getCurrentBookmark, getBookmarkForTime (approximate,
// within the last 30 days, a number read as milliseconds), onNextSessionRestoreBookmark (applied
// at the next restart, over the whole database including put() data, answering the bookmark that
// undoes it), bookmark order (a property test), and alarms and deleteAll around a restore. Time is
// the adapter's virtual clock: thirty days pass in milliseconds. The object's data here is the
// key-value key "v" and the rows of the SQL table "notes".

import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { storageSpec } from '../../src/spec-kit/storage.js';
import type { Capability, ObjectStorage, StorageObject } from '../../contract/storage.js';
import { ALARM_LOG_KEY } from '../../contract/scenarios.js';
import { exec, refusal, values } from './support.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const PITR: Capability[] = ['pitr', 'restart'];
const TIMED: Capability[] = ['pitr', 'restart', 'clock'];

type Pitr = Required<Pick<ObjectStorage, 'getCurrentBookmark' | 'getBookmarkForTime' | 'onNextSessionRestoreBookmark'>>;
const pitrOf = (object: StorageObject): ObjectStorage & Pitr => object.storage as ObjectStorage & Pitr;

/** Asks for a restore and restarts the object (ctx.abort()); answers the bookmark that undoes it. */
async function restore(object: StorageObject, bookmark: string): Promise<string> {
  const undo = await pitrOf(object).onNextSessionRestoreBookmark(bookmark);
  await object.restart();
  return undo;
}

async function note(object: StorageObject, text: string): Promise<void> {
  await values(object, exec('CREATE TABLE IF NOT EXISTS notes (text TEXT)'), exec('INSERT INTO notes (text) VALUES (?)', text));
}

/** The object's data: "v", and the notes (null when the table does not exist). */
async function dataOf(object: StorageObject): Promise<{ v: unknown; notes: string[] | null }> {
  const [, exists] = await values(object, exec("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'notes'"), 'one');
  const notes = exists.n === 0 ? null : ((await values(object, exec('SELECT text FROM notes ORDER BY rowid'), 'toArray'))[1] as { text: string }[]).map((row) => row.text);
  return { v: await object.storage.get('v'), notes };
}

/** Writes "v" and a note. */
async function write(object: StorageObject, v: number): Promise<void> {
  await object.storage.put('v', v);
  await note(object, `note ${v}`);
}

/** "Mostly alphanumeric": at least three characters in four are letters or digits. */
const mostlyAlphanumeric = (text: string): boolean => text.length > 0 && (text.match(/[0-9a-z]/gi)?.length ?? 0) * 4 >= text.length * 3;

describe('point-in-time recovery: bookmarks', () => {
  storageSpec(['ST-PITR-SQLITE-BACKEND', 'ST-PITR-BOOKMARK-STRING', 'ST-PITR-CURRENT-BOOKMARK'], 'getCurrentBookmark() answers a mostly alphanumeric string for the present, which a restore brings back', async ({ object }) => {
    const storage = pitrOf(object);
    for (const method of ['getCurrentBookmark', 'getBookmarkForTime', 'onNextSessionRestoreBookmark'] as const) expect(typeof storage[method], method).toBe('function');
    await write(object, 1);
    const bookmark = await storage.getCurrentBookmark();
    expect(typeof bookmark).toBe('string');
    expect(mostlyAlphanumeric(bookmark), `${bookmark} is mostly alphanumeric`).toBe(true);
    await write(object, 2);
    await restore(object, bookmark);
    expect(await dataOf(object), 'the data when the bookmark was taken').toEqual({ v: 1, notes: ['note 1'] });
  }, { needs: PITR });

  for (const op of ['put', 'putEntries', 'delete'] as const) {
    storageSpec(['ST-PITR-CURRENT-BOOKMARK', 'ST-PITR-COVERS-KV'], `getCurrentBookmark() called right after a ${op === 'putEntries' ? 'put(entries)' : `${op}()`} with no await between marks a present that includes it`, async ({ object }) => {
      // "Bookmark for the present": the present of the event includes its own writes, flushed or not.
      await object.storage.put('v', 'before');
      const bookmark = await object.run<string>('writeThenCurrentBookmark', { key: 'v', value: 'written', op });
      await object.storage.put('v', 'after');
      await restore(object, bookmark);
      expect(await object.storage.get('v'), `the bookmark taken right after the ${op} restores it`).toBe(op === 'delete' ? undefined : 'written');
    }, { needs: PITR });
  }

  storageSpec('ST-PITR-BOOKMARK-SHAPE', 'bookmarks look like 0000007b-0000b26e-00001538-0c3e87bb37b3db5cc52eedb93cd3b96b', async ({ object }) => {
    const storage = pitrOf(object);
    await write(object, 1);
    const current = await storage.getCurrentBookmark();
    const forTime = await storage.getBookmarkForTime(await object.clock!.now());
    const undo = await storage.onNextSessionRestoreBookmark(current);
    for (const [bookmark, what] of [[current, 'getCurrentBookmark()'], [forTime, 'getBookmarkForTime()'], [undo, 'onNextSessionRestoreBookmark()']]) {
      expect(bookmark, what).toMatch(/^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/);
    }
  }, { needs: TIMED });

  storageSpec('ST-PITR-BOOKMARK-FOR-TIME', 'getBookmarkForTime(time) marks the data as it was at that time', async ({ object }) => {
    const { clock } = object;
    const storage = pitrOf(object);
    const start = await clock!.now();
    for (const v of [1, 2, 3]) {
      await write(object, v);
      await clock!.advance(HOUR);
    }
    const [first, second] = [await storage.getBookmarkForTime(start + 30 * MINUTE), await storage.getBookmarkForTime(start + 90 * MINUTE)];
    await restore(object, second);
    expect(await dataOf(object), 'restored to 90 minutes in: after the second write').toEqual({ v: 2, notes: ['note 1', 'note 2'] });
    await restore(object, first);
    expect(await dataOf(object), 'restored to 30 minutes in: after the first write').toEqual({ v: 1, notes: ['note 1'] });
  }, { needs: TIMED });

  storageSpec('ST-PITR-FOR-TIME-NUMBER-OR-DATE', 'getBookmarkForTime takes a Date or a number of milliseconds since the epoch, alike', async ({ object }) => {
    const storage = pitrOf(object);
    await write(object, 1);
    await object.clock!.advance(2 * HOUR);
    await write(object, 2);
    const time = (await object.clock!.now()) - HOUR;
    const [byNumber, byDate] = [await storage.getBookmarkForTime(time), await storage.getBookmarkForTime(new Date(time))];
    expect(byNumber, 'the same bookmark for the number and for the Date').toBe(byDate);
    await restore(object, byNumber);
    expect(await dataOf(object), 'the number was read as milliseconds: an hour ago, before the second write').toEqual({ v: 1, notes: ['note 1'] });
  }, { needs: TIMED });

  storageSpec('ST-PITR-FOR-TIME-30-DAYS', 'getBookmarkForTime accepts a time within the last 30 days and refuses an older one', async ({ object }) => {
    const storage = pitrOf(object);
    await write(object, 1);
    await object.clock!.advance(31 * DAY);
    await write(object, 2);
    const now = await object.clock!.now();
    expect(typeof (await storage.getBookmarkForTime(now - 29 * DAY)), '29 days ago').toBe('string');
    for (const [time, what] of [[now - 30 * DAY - HOUR, '30 days and an hour ago'], [now - 31 * DAY, '31 days ago']] as const) {
      // Refused in any way: exception types and messages are not shown.
      expect(await refusal(() => storage.getBookmarkForTime(time)), `getBookmarkForTime(${what}) is refused`).toBeDefined();
    }
  }, { needs: TIMED });

  storageSpec('ST-PITR-FOR-TIME-30-DAYS', 'at the window\'s edges, to the millisecond: exactly 30 days ago and the present are accepted, a millisecond older or later refused', async ({ object, skip }) => {
    // "Within the last 30 days": a time exactly 30 days ago is within them (the window's edge
    // belongs to it), as is the present; a millisecond past either edge is not.
    const storage = pitrOf(object);
    await write(object, 1);
    await object.clock!.advance(31 * DAY);
    await write(object, 2);
    const now = await object.clock!.now();
    const edges: [number, string, boolean][] = [
      [now - 30 * DAY, 'exactly 30 days ago', true], [now - 30 * DAY - 1, '30 days and 1 ms ago', false],
      [now, 'the present', true], [now + 1, '1 ms ahead', false],
    ];
    const answers: [string, boolean, unknown][] = [];
    for (const [time, what, accepted] of edges) answers.push([what, accepted, await refusal(() => storage.getBookmarkForTime(time))]);
    // The edges are the object's present: a clock that moved meanwhile moved them.
    if ((await object.clock!.now()) !== now) skip('not verified: the object\'s clock moved while the edges were asked for');
    for (const [what, accepted, error] of answers) {
      if (accepted) expect(error, `getBookmarkForTime(${what}) must be accepted: ${String(error)}`).toBeUndefined();
      else expect(error, `getBookmarkForTime(${what}) must be refused`).toBeDefined();
    }
  }, { needs: TIMED });

  storageSpec('ST-PITR-FOR-TIME-30-DAYS', 'getBookmarkForTime refuses a time in the future (not within the last 30 days), as a number or a Date', async ({ object }) => {
    const storage = pitrOf(object);
    await write(object, 1);
    const now = await object.clock!.now();
    // Positive control: the present is within the last 30 days.
    expect(typeof (await storage.getBookmarkForTime(now)), 'the present is accepted').toBe('string');
    for (const [time, what] of [[now + HOUR, 'an hour ahead'], [now + DAY, 'a day ahead'], [now + 31 * DAY, '31 days ahead']] as const) {
      expect(await refusal(() => storage.getBookmarkForTime(time)), `getBookmarkForTime(${what}, a number) is refused`).toBeDefined();
      expect(await refusal(() => storage.getBookmarkForTime(new Date(time))), `getBookmarkForTime(${what}, a Date) is refused`).toBeDefined();
    }
  }, { needs: TIMED });

  storageSpec('ST-PITR-HISTORY-30-DAYS', 'a bookmark from 29 days ago still restores, after a write every day since', async ({ object }) => {
    await write(object, 0);
    const bookmark = await pitrOf(object).getCurrentBookmark();
    for (let day = 1; day <= 29; day++) {
      await object.clock!.advance(DAY);
      await object.storage.put('v', day);
    }
    await restore(object, bookmark);
    expect(await dataOf(object)).toEqual({ v: 0, notes: ['note 0'] });
  }, { needs: TIMED });
});

describe('point-in-time recovery: restoring', () => {
  storageSpec('ST-PITR-RESTORE-NEXT-RESTART', 'onNextSessionRestoreBookmark changes nothing until the next restart, which restores the bookmark', async ({ object }) => {
    const storage = pitrOf(object);
    await write(object, 1);
    const bookmark = await storage.getCurrentBookmark();
    await write(object, 2);
    await storage.onNextSessionRestoreBookmark(bookmark);
    expect(await dataOf(object), 'before the restart: unchanged').toEqual({ v: 2, notes: ['note 1', 'note 2'] });
    await storage.put('v', 3);
    expect(await storage.get('v'), 'before the restart: still written as usual').toBe(3);
    await object.restart();
    expect(await dataOf(object), 'after the restart: as at the bookmark').toEqual({ v: 1, notes: ['note 1'] });
  }, { needs: PITR });

  storageSpec('ST-PITR-RESTORE-NEXT-RESTART', 'of several requests before one restart, the last one is restored, whichever bookmark is older', async ({ object }) => {
    const storage = pitrOf(object);
    const marks: string[] = [];
    for (const v of [1, 2, 3]) {
      await write(object, v);
      marks.push(await storage.getCurrentBookmark());
    }
    await write(object, 4);
    const notesUpTo = (v: number) => Array.from({ length: v }, (_, i) => `note ${i + 1}`);
    // Each order: a later request replaces an earlier one, towards an older and a newer point.
    for (const [first, last] of [[2, 0], [0, 1]] as const) {
      await storage.onNextSessionRestoreBookmark(marks[first]!);
      await storage.onNextSessionRestoreBookmark(marks[last]!);
      await object.restart();
      expect(await dataOf(object), `bookmark ${first + 1} then bookmark ${last + 1} requested: the restart restores bookmark ${last + 1}`)
        .toEqual({ v: last + 1, notes: notesUpTo(last + 1) });
    }
  }, { needs: PITR });

  storageSpec('ST-PITR-RESTORE-UNDO-BOOKMARK', 'the bookmark onNextSessionRestoreBookmark answers undoes the restore, writes made just before it included', async ({ object }) => {
    const storage = pitrOf(object);
    await write(object, 1);
    const bookmark = await storage.getCurrentBookmark();
    await write(object, 2);
    const undo = await storage.onNextSessionRestoreBookmark(bookmark);
    expect(typeof undo).toBe('string');
    await write(object, 3); // after the request, before the restart: "just before the recovery"
    await object.restart();
    expect(await dataOf(object), 'restored').toEqual({ v: 1, notes: ['note 1'] });
    await restore(object, undo);
    expect(await dataOf(object), 'the restore undone').toEqual({ v: 3, notes: ['note 1', 'note 2', 'note 3'] });
  }, { needs: PITR });

  storageSpec('ST-PITR-COVERS-KV', 'a restore covers the whole database: keys written through put() and SQL tables alike', async ({ object }) => {
    const { storage } = object;
    await storage.put({ a: 1, b: 2 });
    await note(object, 'kept');
    const bookmark = await pitrOf(object).getCurrentBookmark();
    await storage.delete('a');
    await storage.put({ b: 20, c: 3 });
    await values(object, exec('DROP TABLE notes'));
    await restore(object, bookmark);
    expect(Object.fromEntries(await storage.list()), 'keys').toEqual({ a: 1, b: 2 });
    expect((await dataOf(object)).notes, 'the dropped table').toEqual(['kept']);
  }, { needs: PITR });

  storageSpec('ST-PITR-COVERS-KV', 'a restore brings back what deleteAll() removed after the bookmark', async ({ object }) => {
    const { storage } = object;
    await storage.put({ a: 1, b: 2 });
    const bookmark = await pitrOf(object).getCurrentBookmark();
    await storage.deleteAll();
    expect((await storage.list()).size, 'deleted').toBe(0);
    await restore(object, bookmark);
    expect(Object.fromEntries(await storage.list()), 'as at the bookmark').toEqual({ a: 1, b: 2 });
  }, { needs: PITR });

  storageSpec('ST-PITR-RESTORE-NEXT-RESTART', 'a deleteAll() between the request and the restart does not cancel the restore', async ({ object }) => {
    const { storage } = object;
    await storage.put({ a: 1, b: 2 });
    const bookmark = await pitrOf(object).getCurrentBookmark();
    await storage.put('z', 26);
    await pitrOf(object).onNextSessionRestoreBookmark(bookmark);
    await storage.deleteAll();
    expect((await storage.list()).size, 'before the restart: deleted').toBe(0);
    await object.restart();
    expect(Object.fromEntries(await storage.list()), 'after the restart: as at the bookmark').toEqual({ a: 1, b: 2 });
  }, { needs: PITR });

  storageSpec('ST-PITR-RESTORE-NEXT-RESTART', 'an alarm that comes due between the request and the restart runs on the data not yet restored', async ({ object }) => {
    const storage = pitrOf(object);
    await storage.put('v', 1);
    const bookmark = await storage.getCurrentBookmark();
    await storage.put('v', 2);
    await storage.onNextSessionRestoreBookmark(bookmark);
    await storage.setAlarm((await object.clock!.now()) + MINUTE);
    await object.clock!.advance(2 * MINUTE);
    expect(((await storage.get<number[]>(ALARM_LOG_KEY)) ?? []).length, 'the alarm ran before the restart').toBe(1);
    expect(await storage.get('v'), 'on the data as it was').toBe(2);
    await object.restart();
    expect(await storage.get('v'), 'restored at the restart').toBe(1);
    expect(await storage.get(ALARM_LOG_KEY), 'what the alarm handler wrote after the bookmark is gone too').toBeUndefined();
  }, { needs: [...TIMED, 'alarms'] });

  storageSpec('ST-PITR-RESTORE-ALARM', 'the restore brings the alarm back as it was at the bookmark', async ({ object }) => {
    const storage = pitrOf(object);
    const time = (await object.clock!.now()) + DAY;
    const withoutAlarm = await storage.getCurrentBookmark();
    await storage.setAlarm(time);
    const withAlarm = await storage.getCurrentBookmark();
    await storage.deleteAlarm();
    await restore(object, withAlarm);
    expect(await storage.getAlarm(), 'deleted after the bookmark: set again').toBe(time);
    await restore(object, withoutAlarm);
    expect(await storage.getAlarm(), 'set after the bookmark: gone').toBeNull();
  }, { needs: [...TIMED, 'alarms'] });
});

// Bookmarks of later points compare greater as plain strings. Random runs of writes, clock moves,
// getCurrentBookmark() and restores (with the bookmark each answers, "just before the recovery"):
// every bookmark observed must be no less than the one before it, and greater once something was
// written or restored in between.

interface Model {
  now: number;
  marks: { bookmark: string; time: number }[];
  last: string | undefined;
  changed: boolean;
  writes: number;
}
type Real = { object: StorageObject };
type PitrCommand = fc.AsyncCommand<Model, Real>;

/** Checks `bookmark` against the previous one, then makes it the previous one. */
function observe(model: Model, bookmark: string, what: string): void {
  expect(typeof bookmark, what).toBe('string');
  if (model.last !== undefined) {
    const ordered = model.changed ? bookmark > model.last : bookmark >= model.last;
    expect(ordered, `${what} ${bookmark} should compare ${model.changed ? 'greater than' : 'no less than'} the bookmark before it, ${model.last}${model.changed ? ', as the data changed in between' : ''}`).toBe(true);
  }
  model.last = bookmark;
  model.changed = false;
}

/** Bookmarks a restore may still reach (with a day to spare inside the 30-day window). */
const restorable = (model: Model) => model.marks.filter((mark) => mark.time >= model.now - 29 * DAY);

class Write implements PitrCommand {
  check = () => true;
  async run(model: Model, { object }: Real) {
    await object.storage.put('v', ++model.writes);
    model.changed = true;
  }
  toString = () => 'write';
}

class Advance implements PitrCommand {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(model: Model, { object }: Real) {
    await object.clock!.advance(this.ms);
    model.now += this.ms;
  }
  toString = () => `advance(${this.ms})`;
}

class Mark implements PitrCommand {
  check = () => true;
  async run(model: Model, { object }: Real) {
    const bookmark = await pitrOf(object).getCurrentBookmark();
    observe(model, bookmark, 'getCurrentBookmark()');
    model.marks.push({ bookmark, time: model.now });
  }
  toString = () => 'getCurrentBookmark()';
}

class Restore implements PitrCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<Model>) => restorable(model).length > 0;
  async run(model: Model, { object }: Real) {
    const candidates = restorable(model);
    const undo = await pitrOf(object).onNextSessionRestoreBookmark(candidates[this.pick % candidates.length]!.bookmark);
    observe(model, undo, 'the bookmark onNextSessionRestoreBookmark() answered');
    await object.restart();
    model.changed = true; // the recovery itself: what follows is later
  }
  toString = () => `restore(mark #${this.pick})`;
}

const command: fc.Arbitrary<PitrCommand> = fc.oneof(
  { arbitrary: fc.constant(new Write()), weight: 4 },
  { arbitrary: fc.integer({ min: 1, max: 2 * DAY }).map((ms) => new Advance(ms)), weight: 2 },
  { arbitrary: fc.constant(new Mark()), weight: 3 },
  { arbitrary: fc.nat(50).map((pick) => new Restore(pick)), weight: 1 },
);
const commands = fc.commands<Model, Real, false>([command], { maxCommands: 40, size: 'medium' });

describe('point-in-time recovery: bookmark order', () => {
  storageSpec('ST-PITR-BOOKMARK-LEXICAL', 'bookmarks for later times compare greater, and less than the current bookmark after a later write', async ({ object }) => {
    const storage = pitrOf(object);
    const start = await object.clock!.now();
    for (const v of [1, 2, 3]) {
      await write(object, v);
      await object.clock!.advance(HOUR);
    }
    await write(object, 4);
    // Half an hour after each write (the same points ST-PITR-BOOKMARK-FOR-TIME restores).
    const forTimes = [] as string[];
    for (const minutes of [30, 90, 150]) forTimes.push(await storage.getBookmarkForTime(start + minutes * MINUTE));
    const bookmarks = [...forTimes, await storage.getCurrentBookmark()];
    for (let i = 1; i < bookmarks.length; i++) {
      expect(bookmarks[i - 1]! < bookmarks[i]!, `${bookmarks[i - 1]} (${i === 3 ? 'for 150 minutes in' : `for ${30 + 60 * (i - 1)} minutes in`}) should compare less than ${bookmarks[i]} (${i === 3 ? 'the current one, after a fourth write' : `for ${30 + 60 * i} minutes in`}), a later point with a write in between`).toBe(true);
    }
  }, { needs: TIMED });

  storageSpec('ST-PITR-BOOKMARK-LEXICAL', 'bookmarks of later points compare greater as plain strings (property)', async ({ adapter, seed, task }) => {
    task.meta.seed = seed;
    await fc.assert(fc.asyncProperty(commands, async (sequence) => {
      // A fresh object per sequence: its history starts with it.
      const object = await adapter.create();
      try {
        const now = await object.clock!.now();
        await fc.asyncModelRun(() => ({ model: { now, marks: [], last: undefined, changed: false, writes: 0 }, real: { object } }), sequence);
      } finally {
        await object.destroy();
      }
    }), { seed, numRuns: 25 });
  }, { needs: TIMED, timeout: 60_000 });
});

// "Not supported in local development." Only adapters that declare themselves a local-development
// runtime (without point-in-time recovery, and not by design like the key-value backend) run these.
// What such a runtime answers is its own (exception types and messages: not shown): the core spec
// asks only that it restores nothing and keeps working; workerd's answers are the extended one's.
const LOCAL = { needs: ['restart'] as Capability[], lacks: ['pitr'] as Capability[], localDevelopment: true } as const;

/** What a call answered, or that it was refused (thrown or rejected); a missing method is refused too. */
async function attempt(work: () => Promise<string> | undefined): Promise<{ value?: unknown; refused?: unknown }> {
  try {
    return { value: await work() };
  } catch (error) {
    return { refused: error ?? 'refused' };
  }
}

describe('point-in-time recovery: in local development', () => {
  storageSpec('ST-PITR-NOT-LOCAL', 'a local-development runtime restores nothing at its restart, whatever its PITR methods answer, and keeps working', async ({ object }) => {
    const storage = object.storage;
    await storage.put('v', 1);
    const current = await attempt(() => storage.getCurrentBookmark!());
    await attempt(() => storage.getBookmarkForTime!(Date.now() - HOUR));
    const bookmark = typeof current.value === 'string' ? current.value : '00000000-00000000-00000000-00000000000000000000000000000000';
    await attempt(() => storage.onNextSessionRestoreBookmark!(bookmark));
    await storage.put('v', 2);
    expect(await storage.get('v'), 'the object keeps working after the point-in-time-recovery calls').toBe(2);
    await object.restart();
    // The positive control is the restart itself: what was written before it is read back after it.
    expect(await storage.get('v'), 'the restart keeps the latest write: nothing was restored').toBe(2);
  }, LOCAL);

  storageSpec('ST-PITR-LOCAL-THROWS', 'like workerd locally: a placeholder from getCurrentBookmark, "does not implement point-in-time recovery" from the other two', async ({ object }) => {
    const storage = pitrOf(object);
    const current = await attempt(() => storage.getCurrentBookmark());
    expect(current.refused, 'getCurrentBookmark() answers a placeholder rather than refusing').toBeUndefined();
    expect(typeof current.value, 'the placeholder is a string').toBe('string');
    const refusals = [
      [await attempt(() => storage.getBookmarkForTime(Date.now())), 'getBookmarkForTime()'],
      [await attempt(() => storage.onNextSessionRestoreBookmark(current.value as string)), 'onNextSessionRestoreBookmark()'],
    ] as const;
    for (const [{ refused, value }, what] of refusals) {
      expect(refused, `${what} is refused, yet answered ${JSON.stringify(value)}`).toBeDefined();
      expect(String((refused as Error).message), `${what} is refused with workerd's message`).toMatch(/does not implement point-in-time recovery/);
    }
  }, { lacks: LOCAL.lacks, localDevelopment: true });
});
