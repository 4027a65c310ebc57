// Point-in-time recovery as a model: random sequences of writes (put, delete,
// deleteAll, SQL inserts), clock moves, bookmarks (getCurrentBookmark, getBookmarkForTime over the
// past, the present, the future and beyond the 30 days), restore requests (several before one
// restart, of any bookmark a restore may reach), restarts with and without a request, and reads,
// checked against the document's rules:
//   - the object's data is a history in time: a bookmark marks a point of it, getCurrentBookmark()
//     the present, getBookmarkForTime(t) the time t (approximately: a time with a change of the
//     data within APPROXIMATE of it is not restored, only asked for), for t within the last 30 days
//     (the present included; a time in the future or older is refused);
//   - onNextSessionRestoreBookmark changes nothing until the next restart; that restart, and only
//     it, restores the data to the point of the last request before it; a restart without a
//     request keeps the data;
//   - each request answers a bookmark of the moment just before that recovery: restoring it
//     brings back the data as it was when the object restarted;
//   - recovery covers the whole database: the keys of put() and the SQL tables alike.
// What is left open is not asserted: restoring a point older than 30 days (only points within 29
// days are restored, and the clock does not move a pending restore's point past 29 days), the
// exact error of a refusal, the state before the object's first write.
// A failure is blamed on the requirement its shrunk counterexample breaks, not on every one cited.

import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { isTimeout } from '../../src/spec-kit/budget.js';
import { storageSpec } from '../../src/spec-kit/storage.js';
import type { ObjectStorage, StorageAdapter, StorageObject } from '../../contract/storage.js';
import { exec, refusal, values } from './support.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** How far from a time "approximate" may reach: a change of the data that close makes the time's data ambiguous. */
const APPROXIMATE = 10 * MINUTE;
/** The oldest point restored: a day inside the 30-day window. */
const RESTORABLE = 29 * DAY;
const NUM_RUNS = 30;

type Pitr = Required<Pick<ObjectStorage, 'getCurrentBookmark' | 'getBookmarkForTime' | 'onNextSessionRestoreBookmark'>>;
const pitrOf = (object: StorageObject): ObjectStorage & Pitr => object.storage as ObjectStorage & Pitr;

/** The object's data: the keys written through put(), and the texts of the SQL table notes. */
interface Data { kv: Record<string, number>; notes: string[] }
type Kind = 'current' | 'forTime' | 'undo';
interface Mark { bookmark: string; data: Data; time: number; kind: Kind }

interface Model {
  now: number;
  data: Data;
  /** Every change of the data, with its time (a restore's too). */
  timeline: { time: number; data: Data }[];
  /** Bookmarks and the data they mark. */
  marks: Mark[];
  /** The last request since the restart, and those it replaced. */
  pending: { mark: Mark; replaced: Mark[] } | undefined;
  /** The bookmarks the requests since the restart answered. */
  undos: string[];
  requested: boolean;
  writes: number;
}
type Real = { object: StorageObject };
type PitrCommand = fc.AsyncCommand<Model, Real>;

/**
 * A disagreement with the requirements it breaks. `restoredPointAge`: a restore of a point this old
 * went wrong; when a plain restore that far back fails too (historyReaches), the history window
 * is what broke, whatever the bookmark.
 */
class Disagreement extends Error {
  constructor(message: string, readonly requirements: string[], readonly restoredPointAge?: number, readonly restoredKind?: Kind) { super(message); }
}

const copy = (data: Data): Data => ({ kv: { ...data.kv }, notes: [...data.notes] });
const show = (value: unknown): string => JSON.stringify(value);
const same = (a: unknown, b: unknown): boolean => show(a) === show(b);
const sortedKv = (kv: Record<string, number>) => Object.fromEntries(Object.entries(kv).sort(([a], [b]) => (a < b ? -1 : 1)));

function changed(model: Model): void {
  model.timeline.push({ time: model.now, data: copy(model.data) });
}

/** The data at `time` when no change came within APPROXIMATE of it (and the history reaches that far); else undefined. */
function unambiguousDataAt(model: Model, time: number): Data | undefined {
  const from = time - APPROXIMATE;
  const before = model.timeline.filter((entry) => entry.time <= from).at(-1);
  if (before === undefined) return undefined;
  const near = model.timeline.filter((entry) => entry.time > from && entry.time <= time + APPROXIMATE);
  return near.every((entry) => same(entry.data, before.data)) ? copy(before.data) : undefined;
}

async function readData(object: StorageObject): Promise<Data> {
  const kv = Object.fromEntries(await object.storage.list()) as Record<string, number>;
  const [, rows] = await values(object, exec('SELECT text FROM notes ORDER BY rowid'), 'toArray');
  return { kv: sortedKv(kv), notes: (rows as { text: string }[]).map((row) => row.text) };
}

const expected = (data: Data): Data => ({ kv: sortedKv(data.kv), notes: data.notes });

/**
 * What a disagreement in the data after a restart breaks: nothing restored, or a replaced request's
 * point restored, is the restart's rule; data the object held at some other point is the wrong
 * point (the bookmark's, or the history's when the point is old); the request's SQL tables with
 * the keys of put() as they were is the coverage of the restore.
 */
function blameRestart(model: Model, actual: Data, before: Data, pending: NonNullable<Model['pending']>): string[] {
  const wanted = expected(pending.mark.data);
  if (same(actual, expected(before)) || pending.replaced.some((mark) => same(actual, expected(mark.data)))) return ['ST-PITR-RESTORE-NEXT-RESTART'];
  const heldOnce = model.timeline.some((entry) => same(actual, expected(entry.data)));
  if (!heldOnce && same(actual.notes, wanted.notes) && same(actual.kv, expected(before).kv)) return ['ST-PITR-COVERS-KV'];
  return [{ current: 'ST-PITR-CURRENT-BOOKMARK', forTime: 'ST-PITR-BOOKMARK-FOR-TIME', undo: 'ST-PITR-RESTORE-UNDO-BOOKMARK' }[pending.mark.kind]];
}

function describeMark(mark: Mark): string {
  const what = { current: 'getCurrentBookmark()', forTime: 'getBookmarkForTime()', undo: 'the bookmark a request answered' }[mark.kind];
  return `${what} ${mark.bookmark} (marking ${show(expected(mark.data))})`;
}

class Put implements PitrCommand {
  constructor(readonly key: string) {}
  check = () => true;
  async run(model: Model, { object }: Real) {
    const value = ++model.writes;
    await object.storage.put(this.key, value);
    model.data.kv[this.key] = value;
    changed(model);
  }
  toString = () => `put(${show(this.key)})`;
}

class Delete implements PitrCommand {
  constructor(readonly key: string) {}
  check = () => true;
  async run(model: Model, { object }: Real) {
    await object.storage.delete(this.key);
    delete model.data.kv[this.key];
    changed(model);
  }
  toString = () => `delete(${show(this.key)})`;
}

class DeleteAll implements PitrCommand {
  check = () => true;
  async run(model: Model, { object }: Real) {
    await object.storage.deleteAll();
    model.data.kv = {};
    changed(model);
  }
  toString = () => 'deleteAll()';
}

class Note implements PitrCommand {
  check = () => true;
  async run(model: Model, { object }: Real) {
    const text = `note ${++model.writes}`;
    await values(object, exec('INSERT INTO notes (text) VALUES (?)', text));
    model.data.notes.push(text);
    changed(model);
  }
  toString = () => 'sql INSERT INTO notes';
}

class Advance implements PitrCommand {
  constructor(readonly ms: number) {}
  // A pending restore's point stays within 29 days of the restart (what is older is left open).
  check = (model: Readonly<Model>) => model.pending === undefined || model.now + this.ms - model.pending.mark.time <= RESTORABLE;
  async run(model: Model, { object }: Real) {
    await object.clock!.advance(this.ms);
    model.now += this.ms;
  }
  toString = () => `advance(${this.ms} ms)`;
}

class Current implements PitrCommand {
  check = () => true;
  async run(model: Model, { object }: Real) {
    const bookmark = await pitrOf(object).getCurrentBookmark();
    if (typeof bookmark !== 'string') throw new Disagreement(`getCurrentBookmark() answered ${show(bookmark)}, not a string`, ['ST-PITR-BOOKMARK-STRING']);
    model.marks.push({ bookmark, data: copy(model.data), time: model.now, kind: 'current' });
  }
  toString = () => 'getCurrentBookmark()';
}

/**
 * getBookmarkForTime(t): accepted within the last 30 days, refused in the future and before. The
 * time is `now + offset`, or (`between`) the middle of a stretch of the history between two
 * changes, where the data is unambiguous: the points a restore must find, also those a later
 * restore went back from.
 */
class ForTime implements PitrCommand {
  constructor(readonly at: { offset: number } | { between: number }) {}
  check = () => true;
  async run(model: Model, { object }: Real) {
    const time = this.timeIn(model);
    this.asked = time - model.now;
    const within = time <= model.now && time >= model.now - 30 * DAY;
    let bookmark: unknown;
    const refused = await refusal(async () => { bookmark = await pitrOf(object).getBookmarkForTime(time); });
    if (within && refused !== undefined) throw new Disagreement(`${this} was refused (${String((refused as Error)?.message ?? refused)}): the time is within the last 30 days`, ['ST-PITR-FOR-TIME-30-DAYS']);
    if (!within && refused === undefined) throw new Disagreement(`${this} answered ${show(bookmark)}: the time is not within the last 30 days`, ['ST-PITR-FOR-TIME-30-DAYS']);
    if (!within) return;
    if (typeof bookmark !== 'string') throw new Disagreement(`${this} answered ${show(bookmark)}, not a string`, ['ST-PITR-BOOKMARK-STRING']);
    const data = unambiguousDataAt(model, time);
    if (data !== undefined) model.marks.push({ bookmark, data, time, kind: 'forTime' });
  }
  /** The time asked for, in the model's time. */
  private timeIn(model: Readonly<Model>): number {
    if ('offset' in this.at) return model.now + this.at.offset;
    const times = [...new Set(model.timeline.map((entry) => entry.time)), model.now];
    const stretches = times.slice(1).map((end, i) => [times[i]!, end] as const)
      .filter(([start, end]) => end - start > 2 * APPROXIMATE && start >= model.now - RESTORABLE);
    if (stretches.length === 0) return model.now;
    const [start, end] = stretches[this.at.between % stretches.length]!;
    return Math.floor((start + end) / 2);
  }
  private asked: number | undefined;
  toString = () => {
    const offset = this.asked ?? ('offset' in this.at ? this.at.offset : undefined);
    if (offset === undefined) return `getBookmarkForTime(a time between two changes, #${(this.at as { between: number }).between})`;
    return `getBookmarkForTime(${offset === 0 ? 'now' : offset > 0 ? `now + ${offset} ms` : `now - ${-offset} ms`})`;
  };
}

class Request implements PitrCommand {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(model: Model, { object }: Real) {
    // With no bookmark yet, the present's (a request is possible at any point).
    if (restorable(model).length === 0) await new Current().run(model, { object });
    const candidates = restorable(model);
    const mark = candidates[this.pick % candidates.length]!;
    let undo: unknown;
    const refused = await refusal(async () => { undo = await pitrOf(object).onNextSessionRestoreBookmark(mark.bookmark); });
    if (refused !== undefined) {
      const requirement = mark.kind === 'undo' ? 'ST-PITR-RESTORE-UNDO-BOOKMARK' : 'ST-PITR-RESTORE-NEXT-RESTART';
      throw new Disagreement(`onNextSessionRestoreBookmark(${describeMark(mark)}) was refused: ${String((refused as Error)?.message ?? refused)}`, [requirement], model.now - mark.time);
    }
    if (typeof undo !== 'string') throw new Disagreement(`onNextSessionRestoreBookmark() answered ${show(undo)}, not a bookmark`, ['ST-PITR-RESTORE-UNDO-BOOKMARK']);
    model.pending = { mark, replaced: model.pending ? [...model.pending.replaced, model.pending.mark] : [] };
    model.undos.push(undo);
    model.requested = true;
    this.chosen = mark;
  }
  private chosen: Mark | undefined;
  toString = () => (this.chosen ? `onNextSessionRestoreBookmark(${describeMark(this.chosen)})` : `onNextSessionRestoreBookmark(mark #${this.pick})`);
}

/** Bookmarks a restore may reach: points within 29 days. */
const restorable = (model: Readonly<Model>) => model.marks.filter((mark) => mark.time >= model.now - RESTORABLE);

class Restart implements PitrCommand {
  check = () => true;
  async run(model: Model, { object }: Real) {
    await object.restart();
    const before = copy(model.data);
    const pending = model.pending;
    // Every request of the session answered the moment just before this recovery.
    for (const bookmark of model.undos) model.marks.push({ bookmark, data: before, time: model.now, kind: 'undo' });
    model.pending = undefined;
    model.undos = [];
    if (pending !== undefined) {
      model.data = copy(pending.mark.data);
      changed(model);
    }
    const actual = await readData(object);
    if (same(actual, expected(model.data))) return;
    const requirements = pending !== undefined ? blameRestart(model, actual, before, pending) : model.requested ? ['ST-PITR-RESTORE-NEXT-RESTART'] : [];
    throw new Disagreement(`after the restart the data is ${show(actual)}, expected ${show(expected(model.data))} (${pending ? `restored to ${describeMark(pending.mark)}` : 'no restore requested: kept as it was'})`,
      requirements, pending && model.now - pending.mark.time, pending?.mark.kind);
  }
  toString = () => 'restart()';
}

/** Reads the data: before a restart nothing is restored, whatever was requested. */
class Read implements PitrCommand {
  check = () => true;
  async run(model: Model, { object }: Real) {
    const actual = await readData(object);
    if (same(actual, expected(model.data))) return;
    throw new Disagreement(`the data is ${show(actual)}, expected ${show(expected(model.data))}${model.pending ? ' (a restore is requested, for the next restart)' : ''}`,
      model.requested ? ['ST-PITR-RESTORE-NEXT-RESTART'] : []);
  }
  toString = () => 'read the data';
}

const key = fc.constantFrom('a', 'b', 'c');
const offset = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -29 * DAY, max: -1 }) },
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.integer({ min: 1_000, max: 31 * DAY }) },
  { weight: 1, arbitrary: fc.integer({ min: 30 * DAY + HOUR, max: 60 * DAY }).map((ago) => -ago) },
);
const command: fc.Arbitrary<PitrCommand> = fc.oneof(
  { weight: 3, arbitrary: key.map((k) => new Put(k)) },
  { weight: 1, arbitrary: key.map((k) => new Delete(k)) },
  { weight: 1, arbitrary: fc.constant(new DeleteAll()) },
  { weight: 2, arbitrary: fc.constant(new Note()) },
  { weight: 3, arbitrary: fc.oneof(fc.integer({ min: 1, max: 30 * MINUTE }), fc.integer({ min: HOUR, max: 3 * DAY }), fc.integer({ min: 5 * DAY, max: 12 * DAY })).map((ms) => new Advance(ms)) },
  { weight: 2, arbitrary: fc.constant(new Current()) },
  { weight: 2, arbitrary: offset.map((ms) => new ForTime({ offset: ms })) },
  { weight: 2, arbitrary: fc.nat(50).map((pick) => new ForTime({ between: pick })) },
  { weight: 3, arbitrary: fc.nat(50).map((pick) => new Request(pick)) },
  { weight: 2, arbitrary: fc.constant(new Restart()) },
  { weight: 1, arbitrary: fc.constant(new Read()) },
);
// An array rather than fc.commands: sequences long enough to reach a restore of a point a restore went back from.
const commands = fc.array(command, { minLength: 25, maxLength: 40 });

/** One sequence on a fresh object, whose notes table exists from its start. */
async function runSequence(adapter: StorageAdapter, sequence: Iterable<PitrCommand>): Promise<void> {
  const object = await adapter.create();
  // Run by hand rather than by fc.asyncModelRun: a failure names the commands that ran, in order.
  const ran: string[] = [];
  try {
    await values(object, exec('CREATE TABLE notes (text TEXT)'));
    const now = await object.clock!.now();
    const data: Data = { kv: {}, notes: [] };
    const model: Model = { now, data, timeline: [{ time: now, data: copy(data) }], marks: [], pending: undefined, undos: [], requested: false, writes: 0 };
    for (const command of sequence) {
      if (!command.check(model)) continue;
      ran.push(String(command));
      await command.run(model, { object });
      ran[ran.length - 1] = String(command); // its own words once it ran (the bookmark it chose)
    }
  } catch (error) {
    if (error instanceof Error) error.message += `\nThe commands that ran, on a fresh object: ${ran.join('; ')}`;
    throw error;
  } finally {
    await object.destroy();
  }
}

/**
 * Whether a plain restore reaches `age` back, on a fresh object: a key written, its current
 * bookmark, the key written again a minute later (so that no other point holds the bookmark's
 * data), the clock moved by `age` with a third write, the restore requested, the restart.
 */
async function historyReaches(adapter: StorageAdapter, age: number): Promise<boolean> {
  const object = await adapter.create();
  try {
    await object.storage.put('v', 1);
    const bookmark = await pitrOf(object).getCurrentBookmark();
    await object.clock!.advance(MINUTE);
    await object.storage.put('v', 2);
    await object.clock!.advance(age);
    await object.storage.put('v', 3);
    await pitrOf(object).onNextSessionRestoreBookmark(bookmark);
    await object.restart();
    return (await object.storage.get('v')) === 1;
  } catch {
    return false;
  } finally {
    await object.destroy();
  }
}

/**
 * Whether a plain restore brings back the SQL tables but not the keys of put(), on a fresh object:
 * a note and a key, the current bookmark, both changed, the restore requested, the restart.
 */
async function restoresSqlOnly(adapter: StorageAdapter): Promise<boolean> {
  const object = await adapter.create();
  try {
    await values(object, exec('CREATE TABLE notes (text TEXT)'), exec("INSERT INTO notes (text) VALUES ('kept')"));
    await object.storage.put('v', 1);
    const bookmark = await pitrOf(object).getCurrentBookmark();
    await values(object, exec("INSERT INTO notes (text) VALUES ('later')"));
    await object.storage.put('v', 2);
    await pitrOf(object).onNextSessionRestoreBookmark(bookmark);
    await object.restart();
    const [, rows] = await values(object, exec('SELECT text FROM notes ORDER BY rowid'), 'toArray');
    return same(rows, [{ text: 'kept' }]) && (await object.storage.get('v')) === 2;
  } catch {
    return false;
  } finally {
    await object.destroy();
  }
}

/**
 * Whether the bookmark a request answers undoes the recovery, on a fresh object: a key written,
 * its bookmark requested, the key written again before the restart, then the answered bookmark
 * restored: the key must be back at its second value.
 */
async function undoRestores(adapter: StorageAdapter): Promise<boolean> {
  const object = await adapter.create();
  try {
    await object.storage.put('v', 1);
    const undo = await pitrOf(object).onNextSessionRestoreBookmark(await pitrOf(object).getCurrentBookmark());
    await object.storage.put('v', 2);
    await object.restart();
    await pitrOf(object).onNextSessionRestoreBookmark(undo);
    await object.restart();
    return (await object.storage.get('v')) === 2;
  } catch {
    return false;
  } finally {
    await object.destroy();
  }
}

/**
 * The requirements the shrunk disagreement breaks: a wrong restore of an answered bookmark is the
 * undo's when a plain undo fails on its own; a wrong restore is the coverage's when a plain
 * restore brings back the SQL tables alone (a shrunk case may have changed no table, and look like
 * nothing restored), the history window's when a restore that far back fails on its own.
 */
async function violated(adapter: StorageAdapter, disagreement: Disagreement): Promise<string[]> {
  const age = disagreement.restoredPointAge;
  if (age === undefined) return disagreement.requirements;
  if (disagreement.restoredKind === 'undo' && !(await undoRestores(adapter))) return ['ST-PITR-RESTORE-UNDO-BOOKMARK'];
  if (await restoresSqlOnly(adapter)) return ['ST-PITR-COVERS-KV'];
  if (age > DAY && !(await historyReaches(adapter, age)) && (await historyReaches(adapter, 0))) return ['ST-PITR-HISTORY-30-DAYS'];
  return disagreement.requirements;
}

const CITED = [
  'ST-PITR-BOOKMARK-STRING', 'ST-PITR-CURRENT-BOOKMARK', 'ST-PITR-BOOKMARK-FOR-TIME', 'ST-PITR-FOR-TIME-30-DAYS', 'ST-PITR-RESTORE-NEXT-RESTART',
  'ST-PITR-RESTORE-UNDO-BOOKMARK', 'ST-PITR-HISTORY-30-DAYS', 'ST-PITR-COVERS-KV',
];

describe('point-in-time recovery: model', () => {
  storageSpec(CITED, 'random writes, clock moves, bookmarks, restore requests and restarts agree with the document\'s rules of recovery (property)', async ({ adapter, seed, task }) => {
    task.meta.seed = seed;
    const details = await fc.check(fc.asyncProperty(commands, (sequence) => runSequence(adapter, sequence)), { seed, numRuns: NUM_RUNS });
    if (!details.failed) return;
    const error = details.errorInstance;
    const found = error instanceof Error ? error.message : String(error);
    const replay = `seed ${seed}: replay with --seed ${seed}; case ${details.numRuns} of ${NUM_RUNS}, shrunk ${details.numShrinks} times, fast-check path "${details.counterexamplePath}"`;
    // A call that hung verified nothing: the spec fails as timed out, with the call named.
    if (isTimeout(error)) throw new Error(`${found}\n(point-in-time-recovery model, ${replay})`, { cause: error });
    if (error instanceof Disagreement) task.meta.failedRequirements = await violated(adapter, error);
    expect.fail([
      `The implementation disagrees with the model of point-in-time recovery (${replay}).`,
      found,
    ].join('\n'));
  }, { needs: ['pitr', 'restart', 'clock', 'sql'], timeout: 120_000 });
});
