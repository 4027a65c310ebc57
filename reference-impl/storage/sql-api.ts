// ctx.storage.sql on the SQLite backend: exec() over better-sqlite3, with workerd's rules where
// the spec is silent (reference-notes): several statements run in order and the cursor is the
// last one's, which alone takes the bindings; numbers bind as REAL, ArrayBuffer and views as
// BLOB; transaction statements and names starting with _cf_ are refused.

import type Database from 'better-sqlite3';
import { RowSource, SqlCursor } from './sql-cursor.js';
import { refusal, splitStatements, type SqlStatement } from './sql-statements.js';
import type { SqlBinding, SqlStorage, SqlStorageCursor } from '../../contract/storage.js';

/** What the SQL API needs from the SQLite backend. */
export interface SqlHost {
  /** The connection, free of open cursors (each drained first). */
  connection(): Database.Database;
  /** A cursor still stepping SQLite: drained before the connection serves anything else. */
  opened(source: RowSource): void;
  /**
   * Runs `work` (statements that may write; it calls `changed()` when one may have) as one
   * transaction, whose version of the history is recorded in it; what it answers is used after the
   * commit. `transaction: false`: the statements run each on its own, and the version after them.
   */
  write<T>(work: (changed: () => void) => T, options?: { transaction: boolean }): T;
}

/** Statements SQLite refuses, or ignores, inside a transaction: a query with one runs without one. */
const OUTSIDE_TRANSACTION = new Set(['VACUUM', 'ATTACH', 'DETACH', 'PRAGMA']);

const ONLY_LAST_HAS_PARAMETERS = 'When executing multiple SQL statements in a single call, only the last statement can have parameters.';
const WRONG_BINDING_COUNT = 'Wrong number of parameter bindings for SQL query.';

export class SqlApi implements SqlStorage {
  /** `beforeUse`: makes buffered key-value writes part of the database the SQL sees. */
  constructor(private readonly host: SqlHost, private readonly beforeUse: () => void) {}

  exec(query: string, ...bindings: SqlBinding[]): SqlStorageCursor {
    if (typeof query !== 'string') throw new TypeError('sql.exec() expects the query as a string.');
    const values = bindings.map(bindingValue);
    const statements = splitStatements(query);
    if (statements.length === 0) throw new Error('SQL query contains no statements.');
    this.beforeUse();
    // One statement that only reads needs no transaction (it may stay lazy, see sql-cursor.ts).
    const only = statements.length === 1 ? this.prepare(statements[0]!) : undefined;
    if (only?.readonly) return new SqlCursor(this.open(only, values));
    // Stryker disable next-line StringLiteral: equivalent, the fallback stands for a statement without words, and neither '' nor any other text but those keywords is in OUTSIDE_TRANSACTION
    const transaction = !statements.some((statement) => OUTSIDE_TRANSACTION.has(statement.words[0] ?? ''));
    // The COMMIT may fail too (a deferred foreign key): its error is reported like the statements'.
    const opened = withSqliteErrors(() => this.host.write((changed) => {
      for (const statement of statements.slice(0, -1)) if (this.runToEnd(statement)) changed();
      const last = only ?? this.prepare(statements.at(-1)!);
      // A last statement that only reads is opened after the commit (it may stay lazy).
      if (last.readonly) return () => this.open(last, values);
      changed();
      const source = this.open(last, values);
      return () => source;
    }, { transaction }));
    return new SqlCursor(opened());
  }

  /** Bytes of the database file: pages times page size. */
  get databaseSize(): number {
    this.beforeUse();
    const db = this.host.connection();
    return Number(db.pragma('page_count', { simple: true })) * Number(db.pragma('page_size', { simple: true }));
  }

  private prepare(statement: SqlStatement): Database.Statement {
    const refused = refusal(statement);
    if (refused) throw refused;
    return withSqliteErrors(() => this.host.connection().prepare(statement.text));
  }

  /** A statement before the last: runs completely, without bindings. Answers whether it may have written. */
  private runToEnd(statement: SqlStatement): boolean {
    const prepared = this.prepare(statement);
    withSqliteErrors(() => (prepared.reader ? prepared.all() : prepared.run()), ONLY_LAST_HAS_PARAMETERS);
    return !prepared.readonly;
  }

  private open(statement: Database.Statement, values: unknown[]): RowSource {
    const columns = statement.reader ? statement.columns().map((column) => column.name) : [];
    if (statement.reader && statement.readonly) {
      const rows = withSqliteErrors(() => statement.raw(true).iterate(...values), WRONG_BINDING_COUNT) as Iterator<unknown[]>;
      const source = new RowSource(columns, rows, 0);
      if (source.isLazy) this.host.opened(source);
      return source;
    }
    // A write (RETURNING included) runs to completion now: its rows are counted and kept.
    const written = this.changeCounter();
    const rows = withSqliteErrors(() => (statement.reader ? (statement.raw(true).all(...values) as unknown[][]) : (statement.run(...values), [])), WRONG_BINDING_COUNT);
    return new RowSource(columns, rows, written());
  }

  /** Rows changed by what runs from now on (triggers included), as SQLite counts them. */
  private changeCounter(): () => number {
    const total = () => Number(this.host.connection().prepare('SELECT total_changes()').pluck().get());
    const before = total();
    return () => total() - before;
  }
}

/** A binding as better-sqlite3 takes it: numbers stay (bound as REAL), bytes become a Buffer. */
function bindingValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value instanceof ArrayBuffer) return Buffer.from(value);
  if (ArrayBuffer.isView(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  throw new TypeError(`sql.exec() cannot bind a value of type ${typeof value}: use a number, a string, null, an ArrayBuffer or a view of one.`);
}

/**
 * Runs a better-sqlite3 call; its errors become plain Errors whose message ends in the SQLite code
 * (as workerd reports them), and a wrong number of bindings becomes `bindingMessage`.
 */
function withSqliteErrors<T>(work: () => T, bindingMessage?: string): T {
  try {
    return work();
  } catch (error) {
    if (bindingMessage !== undefined && error instanceof RangeError && /parameter/i.test(error.message)) throw new Error(bindingMessage);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('SQLITE_')) throw new Error(`${(error as Error).message}: ${code}`);
    throw error;
  }
}
