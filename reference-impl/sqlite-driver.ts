// The SQLite driver of this Node line: better-sqlite3 13 where it loads (Node-API 10: Node 22.14
// and later), better-sqlite3 12 before that (Node 20). Everything that opens a database imports
// it from here, never from the package directly.
//
// Why not 12 everywhere: compiled against the headers of Node 24 or later, every object of 12
// derives from node::ObjectWrap, whose destructor there removes an environment cleanup hook and
// asserts that the current isolate has an Environment. A statement collected by a garbage
// collection that runs with no context entered (a worker's final collection, an idle-time one)
// aborts the process: "Assertion failed: (env) != nullptr" in node::RemoveEnvironmentCleanupHook,
// from Statement::~Statement. Closing the database does not help (the destructor runs all the
// same, and close() only finalizes the SQLite statements), so no teardown order on our side can
// prevent it. 13 wraps its objects with Node-API, whose finalizers have no such check.
// Why not 13 everywhere: it needs Node-API 10, and Node 20 has 9. Its binaries are Node-API, built
// once for every Node line (shipped in the package); 12 is compiled for the Node that installs it.

import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

const require = createRequire(import.meta.url);

/** The package this process uses (both have better-sqlite3's API; 12 is installed under an alias). */
export const SQLITE_DRIVER = Number(process.versions.napi) >= 10 ? 'better-sqlite3' : 'better-sqlite3-v12';

function load(): typeof BetterSqlite3 {
  try {
    return require(SQLITE_DRIVER) as typeof BetterSqlite3;
  } catch (error) {
    // 12 is an optional dependency (it is compiled at install, and only Node 20 needs it).
    throw new Error(`cannot load the SQLite driver for Node ${process.versions.node} (${SQLITE_DRIVER}): ${(error as Error).message}`
      + (SQLITE_DRIVER === 'better-sqlite3-v12' ? '; on Node 20 it is compiled by npm install, which needs python3, make and a C++ compiler' : ''));
  }
}

const Database: typeof BetterSqlite3 = load();

// The types of the classes, as `import Database from 'better-sqlite3'` offers them.
// eslint-disable-next-line @typescript-eslint/no-namespace
declare namespace Database {
  type Database = BetterSqlite3.Database;
  type Statement<BindParameters extends unknown[] | {} = unknown[], Result = unknown> = BetterSqlite3.Statement<BindParameters, Result>;
  type Options = BetterSqlite3.Options;
}

export default Database;
