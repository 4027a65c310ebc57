// The history behind point-in-time recovery (design: docs/pitr-design.md). Every change of the
// object's SQLite database is a *version*, recorded by what it is:
//   - a key-value flush ('kv'): the flush itself, logically: the rows of _cf_KV it wrote or
//     deleted (new values), whether it cleared them first (deleteAll), and the alarm's change;
//     O(size of the flush), never O(size of the database);
//   - a sql.exec() write ('sql'): the database pages it changed, compared with the exact image of
//     the version before it (or a full image when that is not known, after key-value versions);
//   - a restore, or the first version of the history ('image'): a full image.
// A full image (snapshot) is also taken whenever what was recorded since the last one adds up to
// an image, so that rebuilding any version replays at most about an image's worth of changes onto
// the latest snapshot at or before it. Versions whose state was replaced more than 30 days ago
// (virtual clock) are pruned, so what is kept is bounded by the changes of the retention window.
//
// Kept in its own SQLite database next to the object's (write-ahead log, so that a version costs
// an append), so that restoring the object's database never touches its history. The backend
// writes a version here *before* it commits the change it records, inside its own transaction,
// and marks the object's database with the version's number in that same transaction: after a
// kill between the two commits, the object's mark tells which side is ahead (sqlite-backend.ts).

import { randomBytes } from 'node:crypto';
import Database from '../sqlite-driver.js';
import { StatementCache } from '../sqlite-statements.js';
import { BookmarkCodec, END_OF_GENERATION, type BookmarkPoint } from './bookmarks.js';
import type { HistoryStats, WriteBatch } from './persisted-store.js';

export const HISTORY_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The layout of the history database; a history of another layout is not read (see open()). */
const FORMAT = 2;

const SCHEMA = `
  -- kind: 'kv' (writes, clear and the alarm's change), 'sql' (rows in pages, or a snapshot),
  -- 'image' (a snapshot). size: the database's size after a 'sql' version. writes: the flush's
  -- keys and values, null for a deleted key (encodeWrites). alarm_op: 0 the alarm is unchanged, 1 it is
  -- set to alarm, 2 it is deleted.
  CREATE TABLE IF NOT EXISTS versions (seq INTEGER PRIMARY KEY, generation INTEGER NOT NULL, time INTEGER NOT NULL, kind TEXT NOT NULL,
    size INTEGER, writes BLOB, clear INTEGER NOT NULL DEFAULT 0, alarm_op INTEGER NOT NULL DEFAULT 0, alarm INTEGER);
  CREATE TABLE IF NOT EXISTS pages (seq INTEGER NOT NULL, page INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (seq, page)) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS snapshots (seq INTEGER PRIMARY KEY, image BLOB NOT NULL);
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value) WITHOUT ROWID;
`;

type Kind = 'kv' | 'sql' | 'image';
interface Version { seq: number; generation: number; time: number; kind: Kind; size: number | null; writes: Buffer | null; clear: number; alarm_op: number; alarm: number | null }

export type LatestRecord = { seq: number } & ({ kind: 'kv'; batch: WriteBatch } | { kind: 'sql' } | { kind: 'image'; image: Buffer });

/** Writes a key-value batch into a database: how a 'kv' version is replayed when one is rebuilt. */
export type BatchWriter = (db: Database.Database, batch: WriteBatch) => void;

export class PitrHistory {
  private readonly db: Database.Database;
  private readonly codec: BookmarkCodec;
  /** The latest version's number (0 while there is none). */
  private latestSeq: number;
  /** The oldest version a bookmark can reach; older rows are kept only as the base of its rebuild. */
  private floor: number;
  /** The exact image of the database at version `seq`, when known: what a SQL write is diffed with. */
  private exact: { seq: number; image: Buffer } | undefined;
  /** Bytes recorded since the latest snapshot, and that snapshot's size: the next one is due when the first reaches the second. */
  private sinceSnapshot = 0;
  private snapshotSize = 0;

  /** `file`: where the history lives (in memory when omitted); `replay`: writes a flush into a rebuilt database. */
  constructor(file: string | undefined, private readonly now: () => number, private readonly replay: BatchWriter) {
    this.db = new Database(file ?? ':memory:');
    // A kill -9 loses nothing the OS was given: no fsync. First, so that the pragmas below that
    // write the new file's header do not sync it either (two syncs cost about 25 ms an object).
    this.db.pragma('synchronous = OFF');
    // Only this connection ever opens the history: it keeps its lock, and the log's index lives in
    // its memory rather than a shared-memory file (set before the log is first used).
    this.db.pragma('locking_mode = EXCLUSIVE');
    // Pruning frees pages; give them back to the file system so the file shrinks with the window
    // (set before any table exists, the only time it takes effect).
    this.db.pragma('auto_vacuum = FULL');
    // A version is one append to the log.
    this.db.pragma('journal_mode = WAL');
    // The log is copied into the database (and reused) every 1 MiB, and its file cut back to that,
    // so that the history's files stay bounded by what is kept, plus the log.
    this.db.pragma('wal_autocheckpoint = 256');
    this.db.pragma(`journal_size_limit = ${1024 * 1024}`);
    this.upgrade();
    this.db.exec(SCHEMA);
    this.setMeta('format', FORMAT);
    this.codec = new BookmarkCodec(this.secret());
    this.latestSeq = this.latest()?.seq ?? 0;
    this.floor = Number(this.getMeta('floor') ?? this.oldestRow()?.seq ?? 0);
    this.countSinceSnapshot();
  }

  /** The latest version's number (0 when there is none). */
  get latestVersion(): number {
    return this.latestSeq;
  }

  /** The number the next version takes. */
  nextSeq(): number {
    return this.latestSeq + 1;
  }

  /** A key-value flush, as version `seq` (called before the object's database commits it). */
  recordBatch(seq: number, batch: WriteBatch): void {
    const alarmOp = batch.alarm === undefined ? 0 : batch.alarm === null ? 2 : 1;
    const writes = encodeWrites(batch.writes);
    this.prepare('INSERT INTO versions (seq, generation, time, kind, writes, clear, alarm_op, alarm) VALUES (?, ?, ?, \'kv\', ?, ?, ?, ?)')
      .run(seq, this.generation(), this.now(), writes, batch.clearAll ? 1 : 0, alarmOp, alarmOp === 1 ? batch.alarm : null);
    this.recorded(seq);
    this.sinceSnapshot += writes.length;
    this.exact = undefined; // the image is no longer the latest version's (and costs memory)
  }

  /**
   * A SQL write, as version `seq`: `image` is the database with it (called before the commit). The
   * pages that differ from the previous version's exact image, or the image itself when that is
   * not known or a snapshot is due.
   */
  recordSqlWrite(seq: number, image: Buffer): void {
    const base = this.exact?.seq === seq - 1 ? this.exact.image : undefined;
    const pages = base === undefined ? undefined : changedPages(base, image);
    const diffBytes = pages?.reduce((sum, [, data]) => sum + data.length, 0) ?? 0;
    const snapshot = pages === undefined || this.sinceSnapshot + diffBytes >= this.snapshotSize;
    this.db.transaction(() => {
      this.prepare('INSERT INTO versions (seq, generation, time, kind, size) VALUES (?, ?, ?, \'sql\', ?)').run(seq, this.generation(), this.now(), image.length);
      if (snapshot) this.insertSnapshot(seq, image);
      else for (const [page, data] of pages!) this.prepare('INSERT INTO pages (seq, page, data) VALUES (?, ?, ?)').run(seq, page, data);
    })();
    this.recorded(seq);
    if (snapshot) this.snapshotTaken(image);
    else this.sinceSnapshot += diffBytes;
    this.exact = { seq, image };
  }

  /**
   * The database as it is, as version `seq` (a full image): the history's first version, or the
   * state found at open when the history has none for it. With `restore`, the state a restore
   * brings: it starts a new generation and consumes the pending restore, in the same transaction.
   */
  recordImage(seq: number, image: Buffer, { restore = false } = {}): void {
    const generation = this.generation() + (restore ? 1 : 0);
    this.db.transaction(() => {
      if (restore) {
        this.prepare("DELETE FROM meta WHERE key = 'pending'").run();
        this.setMeta('generation', generation);
      }
      this.prepare('INSERT INTO versions (seq, generation, time, kind) VALUES (?, ?, ?, \'image\')').run(seq, generation, this.now());
      this.insertSnapshot(seq, image);
    })();
    this.currentGeneration = generation;
    this.recorded(seq);
    this.snapshotTaken(image);
    this.exact = { seq, image };
  }

  /**
   * After the object's database committed the latest version: prunes, and takes a snapshot of the
   * database (`image()`, exactly that version) when one is due.
   */
  committed(image: () => Buffer): void {
    if (this.sinceSnapshot >= this.snapshotSize) {
      const taken = image();
      this.insertSnapshot(this.latestSeq, taken);
      this.snapshotTaken(taken);
      this.exact = { seq: this.latestSeq, image: taken };
    }
    this.prune();
  }

  /** Version `seq` was written (with the time now). */
  private recorded(seq: number): void {
    this.latestSeq = seq;
    if (this.pruneFrom === Number.POSITIVE_INFINITY) this.pruneFrom = this.now();
  }

  /** Drops the versions after `seq`: recorded, but their change never reached the object's database. */
  discardAfter(seq: number): void {
    if (this.latestSeq <= seq) return;
    this.db.transaction(() => {
      for (const table of ['versions', 'pages', 'snapshots']) this.prepare(`DELETE FROM ${table} WHERE seq > ?`).run(seq);
    })();
    this.latestSeq = this.latest()?.seq ?? 0;
    this.pruneFrom = Number.NEGATIVE_INFINITY;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, `exact` is only ever the latest version's image (recordBatch clears it), so here exact.seq > seq whenever it is known; an image kept past the discard is numbered above the latest version, so the next SQL write (diffed against version `seq`) never uses it: it only costs memory. (This also leaves out the line's mutants that read .seq of undefined, which the repair-at-open tests of test/storage-pitr-reference.test.ts kill.)
    if (this.exact !== undefined && this.exact.seq > seq) this.exact = undefined;
    this.countSinceSnapshot();
  }

  /** The latest version, as recorded: for a check at open that the object's database has it (sqlite-backend.ts). */
  latestRecord(): LatestRecord | undefined {
    const version = this.latest();
    if (version === undefined) return undefined;
    if (version.kind === 'kv') return { seq: version.seq, kind: 'kv', batch: this.batchOf(version) };
    if (version.kind === 'sql') return { seq: version.seq, kind: 'sql' };
    return { seq: version.seq, kind: 'image', image: this.prepare('SELECT image FROM snapshots WHERE seq = ?').pluck().get(version.seq) as Buffer };
  }

  currentBookmark(): string {
    this.prune();
    return this.bookmarkOf(this.latest()!);
  }

  /** The latest version at or before `time` (the oldest kept one for a time before it). */
  bookmarkForTime(time: number): string {
    const now = this.now();
    if (!(time >= now - HISTORY_WINDOW_MS && time <= now)) {
      throw new RangeError(`getBookmarkForTime(): the time must be within the last 30 days (${new Date(now - HISTORY_WINDOW_MS).toISOString()} to ${new Date(now).toISOString()}), got ${new Date(time).toISOString()}.`);
    }
    this.prune();
    const at = this.prepare('SELECT * FROM versions WHERE time <= ? ORDER BY seq DESC LIMIT 1').get(time) as Version | undefined;
    return this.bookmarkOf(at !== undefined && at.seq >= this.floor ? at : this.oldest()!);
  }

  /** Remembers the restore for the next restart; answers the bookmark of the moment just before it. */
  requestRestore(bookmark: string): string {
    const point = this.codec.decode(bookmark);
    if (point === undefined) throw new TypeError('onNextSessionRestoreBookmark(): not a bookmark of this object.');
    this.prune();
    if (this.resolve(point) === undefined) throw new RangeError('onNextSessionRestoreBookmark(): the bookmark is older than the 30-day history window.');
    this.setMeta('pending', bookmark);
    return this.codec.encode({ generation: this.generation(), seq: END_OF_GENERATION });
  }

  /** At a restart: the image of the version a pending restore targets, if one is pending. */
  pendingRestore(): Buffer | undefined {
    const target = this.pendingTarget();
    return target === undefined ? undefined : this.reconstruct(target);
  }

  stats(): HistoryStats {
    const count = (sql: string) => Number(this.prepare(sql).pluck().get());
    return {
      versions: Number(this.prepare('SELECT count(*) FROM versions WHERE seq >= ?').pluck().get(this.floor)),
      snapshots: count('SELECT count(*) FROM snapshots'),
      diffPages: count('SELECT count(*) FROM pages'),
      bytes: count(`SELECT (SELECT COALESCE(SUM(length(image)), 0) FROM snapshots) + (SELECT COALESCE(SUM(length(data)), 0) FROM pages)
        + (SELECT COALESCE(SUM(length(writes)), 0) FROM versions)`),
      oldestTime: this.oldest()?.time ?? null,
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  /**
   * Drops what only served states replaced before the window: the newest version at or before
   * the cutoff (the state at the cutoff) becomes the oldest a bookmark reaches (the floor); rows
   * older than the latest snapshot at or before it are deleted (those between that snapshot and
   * the floor stay: the floor is rebuilt from them). A pending restore's target is kept whatever
   * its age.
   */
  private prune(): void {
    const cutoff = this.now() - HISTORY_WINDOW_MS;
    // Performance only: nothing to do until the cutoff reaches the version after the floor.
    if (cutoff < this.pruneFrom) return;
    // The versions after the floor up to the cutoff: a run in seq order, as the clock never goes
    // back (were it to, this would prune less, never more). Read up to the first one after it.
    // In pages of 100 (statements of the cache always run to completion, sqlite-statements.ts).
    let base = this.floor;
    this.pruneFrom = Number.POSITIVE_INFINITY;
    let scanning = true;
    while (scanning) {
      const page = this.prepare('SELECT seq, time FROM versions WHERE seq > ? ORDER BY seq LIMIT 100').all(base) as { seq: number; time: number }[];
      scanning = page.length === 100;
      for (const { seq, time } of page) {
        if (time > cutoff) {
          this.pruneFrom = time;
          scanning = false;
          break;
        }
        base = seq;
      }
    }
    if (base <= this.floor) return;
    const pending = this.pendingTarget();
    if (pending !== undefined && pending < base) {
      base = pending;
      this.pruneFrom = Number.NEGATIVE_INFINITY; // again once the restore is no longer pending
      if (base <= this.floor) return;
    }
    const keep = this.prepare('SELECT MAX(seq) FROM snapshots WHERE seq <= ?').pluck().get(base) as number;
    this.db.transaction(() => {
      this.setMeta('floor', base);
      for (const table of ['versions', 'pages', 'snapshots']) this.prepare(`DELETE FROM ${table} WHERE seq < ?`).run(keep);
    })();
    this.floor = base;
  }

  /** prune() has nothing to do while the cutoff is before this time (-Infinity: not known). */
  private pruneFrom = Number.NEGATIVE_INFINITY;

  /** The database as of version `seq`: the snapshot before it, then the versions after it up to `seq`, replayed. */
  private reconstruct(seq: number): Buffer {
    const snapshot = this.prepare('SELECT seq, image FROM snapshots WHERE seq <= ? ORDER BY seq DESC LIMIT 1').get(seq) as { seq: number; image: Buffer };
    let image: Buffer = Buffer.from(snapshot.image);
    let replayed: Database.Database | undefined;
    try {
      const versions = this.prepare('SELECT * FROM versions WHERE seq > ? AND seq <= ? ORDER BY seq').all(snapshot.seq, seq) as Version[];
      for (const version of versions) {
        if (version.kind === 'sql' && replayed === undefined) {
          // Page diffs apply to exact images: a 'sql' version after a 'kv' one always has a snapshot.
          image = resized(image, version.size!);
          for (const { page, data } of this.prepare('SELECT page, data FROM pages WHERE seq = ?').all(version.seq) as { page: number; data: Buffer }[]) data.copy(image, page * data.length);
        } else if (version.kind === 'kv') {
          replayed ??= new Database(image);
          const db = replayed;
          db.transaction(() => this.replay(db, this.batchOf(version)))();
        } else {
          throw new Error(`PITR history: version ${version.seq} (${version.kind}) cannot be replayed without its snapshot`);
        }
      }
      return replayed === undefined ? image : replayed.serialize();
    } finally {
      replayed?.close();
    }
  }

  private batchOf(version: Version): WriteBatch {
    const rows = decodeWrites(version.writes!);
    const alarm = version.alarm_op === 0 ? undefined : version.alarm_op === 2 ? null : Number(version.alarm);
    return { clearAll: version.clear === 1, writes: rows, ...(alarm === undefined ? {} : { alarm }) };
  }

  /** The version a bookmark marks, if it is still kept. */
  private resolve(point: BookmarkPoint): number | undefined {
    const seq = point.seq === END_OF_GENERATION
      ? this.prepare('SELECT MAX(seq) FROM versions WHERE generation = ?').pluck().get(point.generation)
      : this.prepare('SELECT seq FROM versions WHERE seq = ? AND generation = ?').pluck().get(point.seq, point.generation);
    return typeof seq === 'number' && seq >= this.floor ? seq : undefined;
  }

  private pendingTarget(): number | undefined {
    const pending = this.getMeta('pending');
    if (typeof pending !== 'string') return undefined;
    const point = this.codec.decode(pending);
    return point === undefined ? undefined : this.resolve(point);
  }

  private insertSnapshot(seq: number, image: Buffer): void {
    this.prepare('INSERT OR REPLACE INTO snapshots (seq, image) VALUES (?, ?)').run(seq, image);
  }

  private snapshotTaken(image: Buffer): void {
    this.sinceSnapshot = 0;
    this.snapshotSize = image.length;
  }

  /** The counters behind snapshotDue, from what is stored (at open, and after a discard). */
  private countSinceSnapshot(): void {
    const last = this.prepare('SELECT seq, length(image) AS size FROM snapshots ORDER BY seq DESC LIMIT 1').get() as { seq: number; size: number } | undefined;
    const after = last?.seq ?? -1;
    this.snapshotSize = last?.size ?? 0;
    this.sinceSnapshot = Number(this.prepare(`SELECT (SELECT COALESCE(SUM(length(writes)), 0) FROM versions WHERE seq > @after)
      + (SELECT COALESCE(SUM(length(data)), 0) FROM pages WHERE seq > @after)`).pluck().get({ after }));
  }

  /**
   * A history of an earlier layout (page diffs only, before FORMAT 2) is not read: its versions
   * are dropped, and a new generation starts, so that bookmarks stay ordered; the secret is kept.
   */
  private upgrade(): void {
    const tables = this.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
    if (!tables.includes('meta')) return;
    if (Number(this.db.prepare("SELECT value FROM meta WHERE key = 'format'").pluck().get() ?? 1) === FORMAT) return;
    this.db.transaction(() => {
      for (const table of ['versions', 'pages', 'snapshots']) this.db.exec(`DROP TABLE IF EXISTS ${table}`);
      this.db.prepare("DELETE FROM meta WHERE key IN ('pending', 'floor')").run();
      this.db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('generation', COALESCE((SELECT value FROM meta WHERE key = 'generation'), 1) + 1)").run();
    })();
  }

  private bookmarkOf(version: Version): string {
    return this.codec.encode({ generation: version.generation, seq: version.seq });
  }

  private latest(): Version | undefined {
    return this.prepare('SELECT * FROM versions ORDER BY seq DESC LIMIT 1').get() as Version | undefined;
  }

  /** The oldest version a bookmark reaches. */
  private oldest(): Version | undefined {
    return this.prepare('SELECT * FROM versions WHERE seq >= ? ORDER BY seq LIMIT 1').get(this.floor) as Version | undefined;
  }

  private oldestRow(): Version | undefined {
    return this.prepare('SELECT * FROM versions ORDER BY seq LIMIT 1').get() as Version | undefined;
  }

  private generation(): number {
    return this.currentGeneration ??= Number(this.getMeta('generation') ?? 1);
  }

  /** The generation as kept in meta, read once. */
  private currentGeneration: number | undefined;

  private secret(): Buffer {
    const kept = this.getMeta('secret');
    if (Buffer.isBuffer(kept)) return kept;
    const secret = randomBytes(32);
    this.setMeta('secret', secret);
    return secret;
  }

  private readonly statements = new StatementCache(() => this.db);

  /** The compiled statement for this SQL text (see sqlite-statements.ts); a text is always used in one mode. */
  private prepare(sql: string): Database.Statement { return this.statements.get(sql); }

  private getMeta(key: string): unknown {
    return this.prepare('SELECT value FROM meta WHERE key = ?').pluck().get(key);
  }

  private setMeta(key: string, value: unknown): void {
    this.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
  }
}

/**
 * A flush's writes as one blob: per write, the key's UTF-8 length (u32) and bytes, then the
 * value's length (u32; 0xffffffff for a deleted key) and bytes. (node:v8 took 8 µs for one write,
 * as long as the rest of recording a version.) Keys are stored normalized: UTF-8 keeps them.
 */
function encodeWrites(writes: ReadonlyMap<string, Buffer | null>): Buffer {
  let size = 0;
  for (const [key, value] of writes) size += 8 + Buffer.byteLength(key, 'utf8') + (value?.length ?? 0);
  const blob = Buffer.allocUnsafe(size);
  let at = 0;
  for (const [key, value] of writes) {
    const length = blob.write(key, at + 4, 'utf8');
    blob.writeUInt32BE(length, at);
    at += 4 + length;
    blob.writeUInt32BE(value === null ? DELETED : value.length, at);
    at += 4;
    if (value !== null) at += value.copy(blob, at);
  }
  return blob;
}

const DELETED = 0xffffffff;

function decodeWrites(blob: Buffer): Map<string, Buffer | null> {
  const writes = new Map<string, Buffer | null>();
  for (let at = 0; at < blob.length;) {
    const keyLength = blob.readUInt32BE(at);
    const key = blob.toString('utf8', at + 4, at + 4 + keyLength);
    at += 4 + keyLength;
    const valueLength = blob.readUInt32BE(at);
    at += 4;
    if (valueLength === DELETED) {
      writes.set(key, null);
    } else {
      writes.set(key, Buffer.from(blob.subarray(at, at + valueLength)));
      at += valueLength;
    }
  }
  return writes;
}

/** Page size of a SQLite image, from its header (1 means 65,536). */
function pageSizeOf(image: Buffer): number {
  const size = image.length >= 18 ? image.readUInt16BE(16) : 0;
  return size === 1 ? 65536 : size || 4096;
}

/** The pages of `next` that differ from `previous` (or lie beyond it), by page number. */
function changedPages(previous: Buffer, next: Buffer): [number, Buffer][] {
  const size = pageSizeOf(next);
  const changed: [number, Buffer][] = [];
  for (let page = 0; page * size < next.length; page++) {
    const data = next.subarray(page * size, (page + 1) * size);
    if (!data.equals(previous.subarray(page * size, (page + 1) * size))) changed.push([page, Buffer.from(data)]);
  }
  return changed;
}

function resized(image: Buffer, size: number): Buffer {
  if (image.length === size) return image;
  if (image.length > size) return Buffer.from(image.subarray(0, size));
  return Buffer.concat([image, Buffer.alloc(size - image.length)]);
}
