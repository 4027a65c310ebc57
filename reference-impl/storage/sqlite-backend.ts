// The SQLite backend's persisted state: key-value data in the hidden table _cf_KV, the alarm in
// _cf_METADATA, and the user's own tables (ctx.storage.sql), all in one database. Keys are TEXT
// under BINARY collation, which compares UTF-8 bytes (the KV order). File-backed when given a
// path, so that a restart (close and reopen) keeps what was flushed. Every change of the database
// is recorded in its point-in-time-recovery history (pitr-history.ts), kept next to it.
//
// A change and its version are one step as far as a crash can tell: inside the change's SQLite
// transaction, the version is written to the history (which commits it), then the transaction
// commits. A SQL write or a full image also marks the database with its version's number
// (_cf_METADATA, row MARK_ROW), in that transaction; a key-value flush does not (it would cost
// one more page per flush): its own writes tell whether the database has it. At open, reconcile()
// finds a version the database never committed and drops it (a restore's is finished instead: its
// image is written), and gives a database the history has no version for one.
// test/crash-consistency.test.ts kills the runtime in between.

import { renameSync, writeFileSync } from 'node:fs';
import Database from '../sqlite-driver.js';
import { StatementCache } from '../sqlite-statements.js';
import type { Entry, KeyRange, RangeWindow } from './key-range.js';
import { inRange } from './key-range.js';
import { FaultSwitch, type PersistedStore, type PointInTimeRecovery, type WriteBatch } from './persisted-store.js';
import { PitrHistory } from './pitr-history.js';
import type { SqlHost } from './sql-api.js';
import type { RowSource } from './sql-cursor.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS _cf_KV (key TEXT PRIMARY KEY, value BLOB) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS _cf_METADATA (key INTEGER PRIMARY KEY, value);
`;
const ALARM_ROW = 1;
/** The number of the history version the database is at (see above). */
const MARK_ROW = 2;

export class SqliteStore implements PersistedStore {
  readonly faults = new FaultSwitch();
  readonly sql: SqlHost;
  readonly pitr: PointInTimeRecovery;
  private db: Database.Database;
  /** SQL cursors still stepping the database: better-sqlite3 allows nothing else meanwhile. */
  private readonly openCursors = new Set<RowSource>();
  private readonly history: PitrHistory;

  /** `file`: the database file; in memory when omitted. `now`: the object's clock, for the history. */
  constructor(private readonly file?: string, now: () => number = Date.now) {
    this.history = new PitrHistory(file === undefined ? undefined : `${file}-pitr`, now, replayBatch);
    this.db = this.open();
    this.reconcile();
    this.sql = {
      connection: () => this.connection(),
      opened: (source) => this.openCursors.add(source),
      write: (work, options) => this.sqlWrite(work, options),
    };
    const history = this.history;
    this.pitr = {
      currentBookmark: () => history.currentBookmark(),
      bookmarkForTime: (time) => history.bookmarkForTime(time),
      requestRestore: (bookmark) => history.requestRestore(bookmark),
      stats: () => history.stats(),
    };
  }

  read(key: string): Buffer | undefined {
    this.connection();
    // The hottest statement (every get): kept at hand, answering the value itself (no row object).
    this.readStatement ??= this.db.prepare('SELECT value FROM _cf_KV WHERE key = ?').pluck();
    return this.readStatement.get(key) as Buffer | undefined;
  }

  readRange(range: KeyRange, window?: RangeWindow): Entry[] {
    const { where, bindings } = rangeCondition(range);
    // With a window (list() with a limit), only its first `limit` rows in its direction are read:
    // the index is walked from the right end and no further (performance: list latency must not
    // grow with the number of keys, bench/list-latency.ts). SQL has every bound of the range (a
    // prefix of only U+10FFFF needs no upper one: every key at or above it starts with it).
    const limited = window !== undefined;
    const order = limited && window.reverse ? 'DESC' : 'ASC';
    const sql = `SELECT key, value FROM _cf_KV ${where} ORDER BY key ${order}${limited ? ' LIMIT ?' : ''}`;
    const rows = this.statement(sql, 'raw').all(...bindings, ...(limited ? [window.limit] : [])) as Entry[];
    if (order === 'DESC') rows.reverse();
    // The exact test (SQL already applies every bound; kept as it was, it filters nothing more).
    return range.prefix === undefined ? rows : rows.filter(([key]) => inRange(key, range));
  }

  readAlarm(): number | null {
    const row = this.statement('SELECT value FROM _cf_METADATA WHERE key = ?').get(ALARM_ROW) as { value: number } | undefined;
    return row === undefined ? null : Number(row.value);
  }

  apply(batch: WriteBatch): void {
    this.connection();
    const write = this.writeTransaction ??= this.db.transaction((batch: WriteBatch) => {
      writeBatch((sql) => this.statement(sql), batch);
      // Fail after writing, so that the rollback of the SQLite transaction is what undoes it.
      this.faults.tripIfArmed();
      // The flush's version, before the commit (see the top of this file).
      this.history.recordBatch(this.history.nextSeq(), batch);
    });
    this.committing(() => write(batch));
    this.history.committed(() => this.db.serialize());
  }

  /** A restart: closes the database and opens it again, restored first when a restore is pending. */
  reopen(): void {
    const restored = this.history.pendingRestore();
    // In memory the connection is the data: without a restore, a restart keeps it.
    if (this.file === undefined && restored === undefined) return;
    if (restored === undefined) {
      this.connection().close();
      this.db = this.open();
      return;
    }
    // The restored state is a point of the history too: the first of a new generation, recorded
    // (and the restore consumed) before the database is replaced, with its mark in it. A kill in
    // between leaves the history ahead, and the next open finishes the job (reconcile()).
    const seq = this.history.nextSeq();
    const image = marked(restored, seq);
    this.history.recordImage(seq, image, { restore: true });
    this.connection().close();
    this.replaceWith(image);
  }

  close(): void {
    for (const cursor of this.openCursors) cursor.abandon();
    this.openCursors.clear();
    if (this.db.open) this.db.close();
    this.history.close();
  }

  /**
   * Brings the database and its history into agreement at open. The history may be one version
   * ahead, when the runtime was killed between the history's commit and the database's: a
   * key-value version whose writes the database does not hold, or a SQL or image version whose
   * number the database is not marked with. Such a version is dropped; a restore's (an image) is
   * finished instead: its image is written. A database without a mark, or marked ahead of the
   * history (a history lost, or of an earlier format), gets a version of what it holds.
   */
  private reconcile(): void {
    const latest = this.history.latestRecord();
    const mark = this.readMark();
    if (latest?.kind === 'kv' && !this.holds(latest.batch)) {
      this.history.discardAfter(latest.seq - 1);
    } else if (latest !== undefined && latest.kind !== 'kv' && mark !== undefined && mark < latest.seq) {
      if (latest.kind === 'image') {
        this.db.close();
        this.replaceWith(latest.image);
      } else {
        this.history.discardAfter(latest.seq - 1);
      }
    }
    const markNow = this.readMark();
    if (this.history.latestVersion === 0 || markNow === undefined || markNow > this.history.latestVersion) {
      this.connection();
      this.db.transaction(() => {
        const seq = this.history.nextSeq();
        this.mark(seq);
        this.history.recordImage(seq, this.db.serialize());
      })();
    }
  }

  /**
   * Whether the database holds what a flush wrote: each key's value (or its absence), the alarm,
   * and after a deleteAll() no other key. When it does, it is that flush's state, whether or not
   * that flush is what made it so (the state before it might have held the same).
   */
  private holds(batch: WriteBatch): boolean {
    for (const [key, value] of batch.writes) {
      const stored = this.read(key);
      if (value === null ? stored !== undefined : stored === undefined || !stored.equals(value)) return false;
    }
    if (batch.alarm !== undefined && this.readAlarm() !== batch.alarm) return false;
    if (!batch.clearAll) return true;
    const kept = [...batch.writes.values()].filter((value) => value !== null).length;
    return Number(this.statement('SELECT count(*) FROM _cf_KV').pluck().get()) === kept;
  }

  /**
   * sql.exec()'s writes, as one transaction of the database whose version is recorded before it
   * commits. `work` calls `changed()` when a statement may have written. When a statement fails,
   * what the ones before it did is kept (and recorded), as if each had committed on its own;
   * unless SQLite rolled the whole transaction back itself (a few errors do).
   */
  // Stryker disable next-line BooleanLiteral: equivalent, its one caller (sql-api.ts exec) always passes `transaction`
  private sqlWrite<T>(work: (changed: () => void) => T, { transaction = true } = {}): T {
    const db = this.connection();
    let changed = false;
    let outcome: { value: T } | { error: unknown };
    if (transaction) this.statement('BEGIN').run();
    try {
      outcome = { value: work(() => { changed = true; }) };
    } catch (error) {
      outcome = { error };
    }
    // Statements that cannot run inside a transaction (VACUUM...) ran on their own: their version
    // is recorded after them, in a transaction of its own (two steps, see docs/pitr-design.md).
    if (!transaction && changed) this.statement('BEGIN').run();
    if (db.inTransaction) {
      this.committing(() => {
        try {
          const seq = changed ? this.history.nextSeq() : undefined;
          if (seq !== undefined) this.mark(seq);
          // On a file, the version is recorded before the commit (a crash in between is repaired
          // at open). In memory no crash leaves anything to repair, and a database opened from an
          // image (after a restore) serializes its committed pages only, without the transaction's:
          // there the version is recorded after the commit.
          if (seq !== undefined && this.file !== undefined) this.history.recordSqlWrite(seq, db.serialize());
          this.statement('COMMIT').run();
          if (seq !== undefined && this.file === undefined) this.history.recordSqlWrite(seq, db.serialize());
        } catch (error) {
          if (db.inTransaction) this.statement('ROLLBACK').run();
          throw error;
        }
      });
      if (changed) this.history.committed(() => db.serialize());
    }
    if ('error' in outcome) throw outcome.error;
    return outcome.value;
  }

  /** Runs a commit; when it fails, the version recorded for it is dropped again. */
  private committing(commit: () => void): void {
    const before = this.history.latestVersion;
    try {
      commit();
    } catch (error) {
      this.history.discardAfter(before);
      throw error;
    }
  }

  private mark(seq: number): void {
    this.statement('INSERT OR REPLACE INTO _cf_METADATA (key, value) VALUES (?, ?)').run(MARK_ROW, seq);
  }

  private readMark(): number | undefined {
    const value = this.statement('SELECT value AS mark FROM _cf_METADATA WHERE key = ?').pluck().get(MARK_ROW);
    return typeof value === 'number' ? value : undefined;
  }

  /** Replaces the (closed) database with `image`: atomically for a file (written aside, then renamed over it). */
  private replaceWith(image: Buffer): void {
    if (this.file !== undefined) {
      const aside = `${this.file}-restoring`;
      writeFileSync(aside, image);
      renameSync(aside, this.file);
    }
    this.db = this.open(this.file === undefined ? image : undefined);
  }

  /** The connection, once every open SQL cursor has read its remaining rows into memory. */
  private connection(): Database.Database {
    for (const cursor of this.openCursors) cursor.drain();
    this.openCursors.clear();
    return this.db;
  }

  /** The connection's statement for this SQL text (see sqlite-statements.ts); used after connection() only. */
  private statement(sql: string, mode: 'raw' | 'rows' = 'rows'): Database.Statement {
    this.connection();
    return this.statements.get(sql, mode);
  }

  private readonly statements = new StatementCache(() => this.db);
  /** apply()'s transaction function, made once per connection. */
  private writeTransaction: ((batch: WriteBatch) => void) | undefined;
  /** read()'s statement, made once per connection. */
  private readStatement: Database.Statement | undefined;

  private open(image?: Buffer): Database.Database {
    // Statements and the transaction function belong to the connection being replaced.
    this.statements.clear();
    this.writeTransaction = undefined;
    this.readStatement = undefined;
    const db = new Database(image ?? this.file ?? ':memory:');
    for (const pragma of DATABASE_PRAGMAS) db.pragma(pragma);
    db.exec(SCHEMA);
    return db;
  }
}

/**
 * The object's database connection. A restart here is close and reopen in the same process:
 * durability against power loss is not needed (a kill -9 loses nothing the OS was given). Only
 * this connection opens the file, so it keeps its locks (no lock, unlock and re-read of the header
 * around every statement) and keeps its rollback journal between commits, its header zeroed,
 * instead of creating and deleting it at each one: CPU per one-row commit about 130 µs -> 7 µs,
 * per one-row read 7 µs -> 1.3 µs on the project's machine. The benchmark's raw baseline uses
 * the same (bench/lib/storage.ts), so that its ratio compares the runtime, not the pragmas.
 */
export const DATABASE_PRAGMAS = ['synchronous = OFF', 'locking_mode = EXCLUSIVE', 'journal_mode = PERSIST', `journal_size_limit = ${1024 * 1024}`];

/** Every file the backend may keep for an object whose database is `file` (its history's included). */
export function filesOfObject(file: string): string[] {
  const databases = [file, `${file}-pitr`];
  return [...databases.flatMap((db) => [db, `${db}-journal`, `${db}-wal`, `${db}-shm`]), `${file}-restoring`];
}

/** Writes a key-value flush with a connection's statements: the flush itself, and its replay (pitr-history.ts). */
function writeBatch(statement: (sql: string) => Database.Statement, batch: WriteBatch): void {
  if (batch.clearAll) statement('DELETE FROM _cf_KV').run();
  const upsert = statement('INSERT OR REPLACE INTO _cf_KV (key, value) VALUES (?, ?)');
  const remove = statement('DELETE FROM _cf_KV WHERE key = ?');
  for (const [key, value] of batch.writes) {
    if (value === null) remove.run(key);
    else upsert.run(key, value);
  }
  if (batch.alarm === null) statement('DELETE FROM _cf_METADATA WHERE key = ?').run(ALARM_ROW);
  else if (batch.alarm !== undefined) statement('INSERT OR REPLACE INTO _cf_METADATA (key, value) VALUES (?, ?)').run(ALARM_ROW, batch.alarm);
}

/** A flush written again into a database being rebuilt (inside its transaction). */
function replayBatch(db: Database.Database, batch: WriteBatch): void {
  const statements = new Map<string, Database.Statement>();
  writeBatch((sql) => statements.get(sql) ?? statements.set(sql, db.prepare(sql)).get(sql)!, batch);
}

/** `image` with its mark set to `seq`. */
function marked(image: Buffer, seq: number): Buffer {
  const db = new Database(image);
  try {
    db.prepare('INSERT OR REPLACE INTO _cf_METADATA (key, value) VALUES (?, ?)').run(MARK_ROW, seq);
    return db.serialize();
  } finally {
    db.close();
  }
}

/**
 * The least string above every string that starts with `prefix`, in UTF-8 byte order (code point
 * order): the prefix with its last code point incremented (skipping the surrogates, which no key
 * holds), dropping trailing U+10FFFF. Undefined when there is none (empty, or only U+10FFFF).
 */
export function prefixEnd(prefix: string): string | undefined {
  const points = [...prefix].map((c) => c.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()!;
    if (last === 0x10ffff) continue;
    points.push(last + 1 === 0xd800 ? 0xe000 : last + 1);
    return String.fromCodePoint(...points);
  }
  return undefined;
}

function rangeCondition(range: KeyRange): { where: string; bindings: string[] } {
  const conditions: string[] = [];
  const bindings: string[] = [];
  const add = (condition: string, value: string | undefined) => {
    if (value === undefined) return;
    conditions.push(condition);
    bindings.push(value);
  };
  add('key >= ?', range.start);
  add('key > ?', range.startAfter);
  add('key < ?', range.end);
  add('key >= ?', range.prefix);
  if (range.prefix !== undefined) add('key < ?', prefixEnd(range.prefix));
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', bindings };
}
