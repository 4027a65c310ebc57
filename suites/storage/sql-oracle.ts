// SQLite itself, as the oracle of the SQL-by-difference spec (sql-difference.spec.ts): a fresh
// in-memory database given the same schema, data and statements as the object under test. What a
// statement gives here (its columns, its rows as arrays, the rows it changed) is what the
// document's cursor must give there: the cursor is only a view of SQLite's results.

import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

// The same driver choice as the reference's (reference-impl/sqlite-driver.ts, which specs may not
// import): better-sqlite3 13 needs Node-API 10 (Node 22.14 and later), 12 serves Node 20.
const DRIVER = Number(process.versions.napi) >= 10 ? 'better-sqlite3' : 'better-sqlite3-v12';

function loadDriver(): typeof BetterSqlite3 {
  try {
    return require(DRIVER) as typeof BetterSqlite3;
  } catch (error) {
    throw new Error(`the SQL-by-difference spec cannot load SQLite (${DRIVER}) for Node ${process.versions.node}: ${(error as Error).message}`);
  }
}

/** What SQLite gave for one statement: its columns, its rows as arrays, the rows it changed; or its error. */
export type OracleResult =
  | { ok: true; columnNames: string[]; rows: unknown[][]; rowsWritten: number }
  | { ok: false; error: string };

/** A fresh in-memory SQLite database; `run` answers what each statement gives, in order. */
export class SqliteOracle {
  private readonly db: BetterSqlite3.Database;

  constructor() {
    const Database = loadDriver();
    this.db = new Database(':memory:');
  }

  /** Runs one statement to its end, as exec() does. */
  run(query: string): OracleResult {
    try {
      const statement = this.db.prepare(query);
      const before = this.totalChanges();
      if (!statement.reader) {
        statement.run();
        return { ok: true, columnNames: [], rows: [], rowsWritten: this.totalChanges() - before };
      }
      const columnNames = statement.columns().map((column) => column.name);
      const rows = statement.raw(true).all() as unknown[][];
      return { ok: true, columnNames, rows, rowsWritten: this.totalChanges() - before };
    } catch (error) {
      return { ok: false, error: String((error as Error)?.message ?? error) };
    }
  }

  close(): void {
    this.db.close();
  }

  /** Rows changed so far on this connection, as SQLite counts them (a SELECT changes none). */
  private totalChanges(): number {
    return Number(this.db.prepare('SELECT total_changes()').pluck().get());
  }
}
