// Prepared statements compiled once per SQL text and reused, for the reference's SQLite stores
// (zone API store, storage backend, PITR history). Performance only: compiling a statement on
// every call was the largest cost of a list request and of a storage flush (bench/). Safe because
// each store runs every statement to completion (get/all/run, never a half-stepped iterate), and
// the SQL texts are finitely many.

import type Database from 'better-sqlite3';

export class StatementCache {
  private readonly statements = new Map<string, Database.Statement>();

  /** `database` is read at each compile: a store that reopens its connection calls clear() then. */
  constructor(private readonly database: () => Database.Database) {}

  /** The statement for `sql`; `raw` ones answer rows as arrays. */
  get(sql: string, mode: 'rows' | 'raw' = 'rows'): Database.Statement {
    const key = `${mode}:${sql}`;
    let statement = this.statements.get(key);
    if (statement === undefined) {
      statement = this.database().prepare(sql);
      if (mode === 'raw') statement.raw();
      this.statements.set(key, statement);
    }
    return statement;
  }

  /** Forgets every statement (they belong to a connection that is being replaced). */
  clear(): void { this.statements.clear(); }
}
