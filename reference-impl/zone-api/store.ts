// The reference server's database: one SQLite database (in memory, or a file that survives
// restarts) that every area keeps its tables in, each through a store of its own in its folder
// (zones/store.ts, firewall/store.ts, ...; state.ts opens them all). What is shared lives here: the
// connection and its compiled statements, transactions, answers kept until the database changes,
// the control API's reset, the clock's saved state, ids, and the paged list query of the
// collections. Every table is scoped by zone; list order is creation order (the seq column).

import Database from '../sqlite-driver.js';
import { StatementCache } from '../sqlite-statements.js';
import { randomBytes } from 'node:crypto';
import type { ClockState } from '../clock.js';

export interface Page<T> { rows: T[]; total: number }
export interface PageRequest { page: number; perPage: number }

/**
 * Column equality/substring/prefix conditions for list queries. The prefix one exists for the
 * custom hostname list's `hostname.startsWith`, a filter the official client sends.
 */
export type Conditions = Record<string, { equals: unknown } | { contains: string } | { startsWith: string }>;

/** The server's own values (the clock's state), beside the areas' tables. */
const SCHEMA = 'CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);';

export const newId = (): string => randomBytes(16).toString('hex');

/** SQLite keeps booleans as 0 and 1. */
export const toBool = (v: unknown): boolean => v === 1 || v === true;

const MAX_CACHED_ANSWERS = 256;

export class Store {
  readonly db: Database.Database;

  constructor(file = ':memory:') {
    this.db = new Database(file);
    if (file !== ':memory:') this.db.pragma('journal_mode = WAL');
    this.db.pragma('foreign_keys = ON');
    this.db.exec(SCHEMA);
    // What says how far the database has moved (see `cached`), each a single number.
    this.versions = [
      // Every row this connection inserted, updated or deleted, through any statement (also those a
      // test variant runs on store.db directly, and those of a transaction later rolled back).
      this.db.prepare('SELECT total_changes()').pluck(),
      // The schema (a dropped table loses its rows without counting them as changes).
      this.db.prepare('PRAGMA schema_version').pluck(),
      // A file may also be written by another connection: data_version moves when one commits.
      ...(file === ':memory:' ? [] : [this.db.prepare('PRAGMA data_version').pluck()]),
    ];
  }

  /** Data files written before a column existed get it on open (CREATE IF NOT EXISTS keeps old tables). */
  addColumnIfMissing(table: string, column: string, type: string): void {
    const columns = this.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[];
    if (!columns.some((c) => c.name === column)) this.db.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${type}`);
  }

  close(): void { this.db.close(); }

  private readonly statements = new StatementCache(() => this.db);

  /** The compiled statement for this SQL text (see sqlite-statements.ts). */
  prepare(sql: string): Database.Statement { return this.statements.get(sql); }

  transaction<T>(work: () => T): T { return this.db.transaction(work)(); }

  // --- answers computed from the database, kept until it changes ---------------------------------

  private readonly answers = new Map<string, unknown>();
  /** What the `versions` statements answered when the kept answers were computed. */
  private readonly answersVersion: number[] = [];
  private readonly versions: Database.Statement[];

  /**
   * The value `compute` gives for `key`, computed once and reused until the database changes in
   * any way (see `versions`): a key names everything the value depends on besides the
   * database (zone, query), and a value must depend on nothing else (not the clock) and never be
   * changed by its users (a string, say: a serialized answer). Never kept
   * from inside a transaction, whose rows a rollback may undo. Performance only: a list request
   * read the same rows and serialized the same body again and again (bench/server-throughput.ts).
   */
  cached<T>(key: string, compute: () => T): T {
    if (this.db.inTransaction) return compute();
    let moved = false;
    for (let i = 0; i < this.versions.length; i++) {
      const version = this.versions[i]!.get() as number;
      if (version !== this.answersVersion[i]) {
        this.answersVersion[i] = version;
        moved = true;
      }
    }
    if (moved) this.answers.clear();
    if (this.answers.has(key)) return this.answers.get(key) as T;
    const value = compute();
    // Bounded: many distinct queries between two writes start the cache afresh.
    if (this.answers.size >= MAX_CACHED_ANSWERS) this.answers.clear();
    this.answers.set(key, value);
    return value;
  }

  // --- the control API's reset ------------------------------------------------------------------

  private readonly resetHooks: (() => void)[] = [];

  /** Each area clears its tables (and the users the control API added) on reset, in the order they registered. */
  onReset(hook: () => void): void { this.resetHooks.push(hook); }

  /** Drops every zone and everything in it, in one transaction (the control API's reset). */
  reset(): void {
    this.transaction(() => {
      for (const hook of this.resetHooks) hook();
    });
  }

  // --- clock persistence ------------------------------------------------------------------------

  loadClock(): ClockState | undefined {
    const row = this.prepare('SELECT value FROM meta WHERE key = ?').get('clock') as { value: string } | undefined;
    return row ? (JSON.parse(row.value) as ClockState) : undefined;
  }

  saveClock(state: ClockState): void {
    this.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run('clock', JSON.stringify(state));
  }

  // --- the collections' paged lists -------------------------------------------------------------

  /** One page of a zone's rows of `table` that meet `where`, in creation order, and how many meet it. */
  listPage<T>(table: string, zoneId: string, where: Conditions, page: PageRequest, map: (row: unknown) => T): Page<T> {
    const clauses = ['zone_id = ?'];
    const params: unknown[] = [zoneId];
    for (const [column, condition] of Object.entries(where)) {
      if ('equals' in condition) {
        clauses.push(`${column} = ?`);
        params.push(typeof condition.equals === 'boolean' ? Number(condition.equals) : condition.equals);
      } else if ('startsWith' in condition) {
        clauses.push(`substr(lower(coalesce(${column}, '')), 1, length(?)) = lower(?)`);
        params.push(condition.startsWith, condition.startsWith);
      } else {
        clauses.push(`instr(lower(coalesce(${column}, '')), lower(?)) > 0`);
        params.push(condition.contains);
      }
    }
    const whereSql = clauses.join(' AND ');
    const total = (this.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${whereSql}`).get(...params) as { n: number }).n;
    const rows = this.prepare(`SELECT * FROM ${table} WHERE ${whereSql} ORDER BY seq LIMIT ? OFFSET ?`)
      .all(...params, page.perPage, (page.page - 1) * page.perPage);
    return { rows: rows.map(map), total };
  }
}
