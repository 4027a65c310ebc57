// The SQLite backend's persisted state: key-value data in the hidden table _cf_KV, the alarm in
// _cf_METADATA. Keys are TEXT under BINARY collation, which compares UTF-8 bytes (the KV order).
// File-backed when given a path, so that a restart (close and reopen) keeps what was flushed.

import Database from 'better-sqlite3';
import type { Entry, KeyRange } from './key-range.js';
import { inRange } from './key-range.js';
import { FaultSwitch, type PersistedStore, type WriteBatch } from './persisted-store.js';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS _cf_KV (key TEXT PRIMARY KEY, value BLOB) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS _cf_METADATA (key INTEGER PRIMARY KEY, value);
`;
const ALARM_ROW = 1;

export class SqliteStore implements PersistedStore {
  readonly faults = new FaultSwitch();
  private db: Database.Database;

  /** `file`: the database file; in memory when omitted (then reopen() keeps the connection). */
  constructor(private readonly file?: string) {
    this.db = this.open();
  }

  read(key: string): Buffer | undefined {
    const row = this.db.prepare('SELECT value FROM _cf_KV WHERE key = ?').get(key) as { value: Buffer } | undefined;
    return row?.value;
  }

  readRange(range: KeyRange): Entry[] {
    const { where, bindings } = rangeCondition(range);
    const rows = this.db.prepare(`SELECT key, value FROM _cf_KV ${where} ORDER BY key`).raw().all(...bindings) as Entry[];
    // The prefix only narrows the lower bound in SQL; the exact test is done here.
    return range.prefix === undefined ? rows : rows.filter(([key]) => inRange(key, range));
  }

  readAlarm(): number | null {
    const row = this.db.prepare('SELECT value FROM _cf_METADATA WHERE key = ?').get(ALARM_ROW) as { value: number } | undefined;
    return row === undefined ? null : Number(row.value);
  }

  apply(batch: WriteBatch): void {
    const write = this.db.transaction(() => {
      if (batch.clearAll) this.db.prepare('DELETE FROM _cf_KV').run();
      const upsert = this.db.prepare('INSERT OR REPLACE INTO _cf_KV (key, value) VALUES (?, ?)');
      const remove = this.db.prepare('DELETE FROM _cf_KV WHERE key = ?');
      for (const [key, value] of batch.writes) {
        if (value === null) remove.run(key);
        else upsert.run(key, value);
      }
      if (batch.alarm === null) this.db.prepare('DELETE FROM _cf_METADATA WHERE key = ?').run(ALARM_ROW);
      else if (batch.alarm !== undefined) this.db.prepare('INSERT OR REPLACE INTO _cf_METADATA (key, value) VALUES (?, ?)').run(ALARM_ROW, batch.alarm);
      // Fail after writing, so that the rollback of the SQLite transaction is what undoes it.
      this.faults.tripIfArmed();
    });
    write();
  }

  reopen(): void {
    if (this.file === undefined) return;
    this.db.close();
    this.db = this.open();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  private open(): Database.Database {
    const db = new Database(this.file ?? ':memory:');
    // A restart here is close and reopen in the same process: durability against crashes is not needed.
    db.pragma('synchronous = OFF');
    db.exec(SCHEMA);
    return db;
  }
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
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', bindings };
}
