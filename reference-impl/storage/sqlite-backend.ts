// The SQLite backend's persisted state: key-value data in the hidden table _cf_KV, the alarm in
// _cf_METADATA, and the user's own tables (ctx.storage.sql), all in one database. Keys are TEXT
// under BINARY collation, which compares UTF-8 bytes (the KV order). File-backed when given a
// path, so that a restart (close and reopen) keeps what was flushed. Every change of the database
// is recorded in its point-in-time-recovery history (pitr-history.ts), kept next to it.

import { writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
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
    this.db = this.open();
    this.history = new PitrHistory(file === undefined ? undefined : `${file}-pitr`, this.connection().serialize(), now);
    this.sql = {
      connection: () => this.connection(),
      opened: (source) => this.openCursors.add(source),
      changed: () => this.recordVersion(),
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
    const row = this.statement('SELECT value FROM _cf_KV WHERE key = ?').get(key) as { value: Buffer } | undefined;
    return row?.value;
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
      if (batch.clearAll) this.statement('DELETE FROM _cf_KV').run();
      const upsert = this.statement('INSERT OR REPLACE INTO _cf_KV (key, value) VALUES (?, ?)');
      const remove = this.statement('DELETE FROM _cf_KV WHERE key = ?');
      for (const [key, value] of batch.writes) {
        if (value === null) remove.run(key);
        else upsert.run(key, value);
      }
      if (batch.alarm === null) this.statement('DELETE FROM _cf_METADATA WHERE key = ?').run(ALARM_ROW);
      else if (batch.alarm !== undefined) this.statement('INSERT OR REPLACE INTO _cf_METADATA (key, value) VALUES (?, ?)').run(ALARM_ROW, batch.alarm);
      // Fail after writing, so that the rollback of the SQLite transaction is what undoes it.
      this.faults.tripIfArmed();
    });
    write(batch);
    this.recordVersion();
  }

  /** A restart: closes the database and opens it again, restored first when a restore is pending. */
  reopen(): void {
    const restored = this.history.takePendingRestore();
    // In memory the connection is the data: without a restore, a restart keeps it.
    if (this.file === undefined && restored === undefined) return;
    this.connection().close();
    if (this.file !== undefined && restored !== undefined) writeFileSync(this.file, restored);
    this.db = this.open(this.file === undefined ? restored : undefined);
    // The restore is a point of the history too: the first of the new generation.
    if (restored !== undefined) this.history.record(this.connection().serialize(), { force: true });
  }

  close(): void {
    for (const cursor of this.openCursors) cursor.abandon();
    this.openCursors.clear();
    if (this.db.open) this.db.close();
    this.history.close();
  }

  /** The connection, once every open SQL cursor has read its remaining rows into memory. */
  private connection(): Database.Database {
    for (const cursor of this.openCursors) cursor.drain();
    this.openCursors.clear();
    return this.db;
  }

  private recordVersion(): void {
    this.history.record(this.connection().serialize());
  }

  /** The connection's statement for this SQL text (see sqlite-statements.ts); used after connection() only. */
  private statement(sql: string, mode: 'raw' | 'rows' = 'rows'): Database.Statement {
    this.connection();
    return this.statements.get(sql, mode);
  }

  private readonly statements = new StatementCache(() => this.db);
  /** apply()'s transaction function, made once per connection. */
  private writeTransaction: ((batch: WriteBatch) => void) | undefined;

  private open(image?: Buffer): Database.Database {
    // Statements and the transaction function belong to the connection being replaced.
    this.statements.clear();
    this.writeTransaction = undefined;
    const db = new Database(image ?? this.file ?? ':memory:');
    // A restart here is close and reopen in the same process: durability against crashes is not needed.
    db.pragma('synchronous = OFF');
    db.exec(SCHEMA);
    return db;
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
