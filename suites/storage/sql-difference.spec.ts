// SQL by difference: generated statements run through the object's cursor and
// directly through SQLite (sql-oracle.ts: a fresh in-memory database with the same schema and
// data), and what the document states the cursor gives is compared: columnNames, the rows as
// arrays (raw), the row objects (toArray, iteration), one(), and rowsWritten. The statements reach
// what a reading of "a query returns rows when it starts with SELECT" or "a row is an object, so
// raw() is its values" gets wrong: SELECT with 0, 1 and many rows, duplicate and integer-like
// column names, VALUES, leading comments, WITH (reading and writing), RETURNING, EXPLAIN.
//
// What the document leaves open is not compared: which value a row object keeps for a duplicated
// column name (only the names that occur once are compared, and that the object has every name),
// rowsRead (rows read "so far" counts what SQLite scans), the order of RETURNING rows (SQLite does
// not define it), and what EXPLAIN's rows hold (each SQLite release has its own opcodes: only the
// columns, that there are rows, and that each raw row has a value per column are compared).
// A failure is blamed on the requirement of the first view that disagreed in the shrunk case.

import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { isTimeout } from '../../src/spec-kit/budget.js';
import { storageSpec } from '../../src/spec-kit/storage.js';
import type { StorageAdapter } from '../../contract/storage.js';
import type { SqlStep } from '../../contract/scenarios.js';
import { SqliteOracle, type OracleResult } from './sql-oracle.js';
import { exec, sql, type Outcome } from './support.js';

const NUM_RUNS = 40;

// The table: a rowid primary key and no other index, so that a written row is one row written,
// under any reading of rowsWritten; two of its columns have integer-like names.
const SCHEMA = 'CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, "1" TEXT, "2" REAL, b TEXT)';
/** The whole table as one JSON text, to compare the data after each write. */
const STATE = 'SELECT json_group_array(json_array(id, a, "1", "2", b)) AS state FROM (SELECT * FROM t ORDER BY id)';

/** How a statement's rows are read through the cursor (one way per statement: a write runs once). */
type View = 'toArray' | 'spread' | 'raw' | 'one';
/** `unordered`: RETURNING rows (SQLite leaves their order open); `shapeOnly`: EXPLAIN. */
interface Statement { text: string; writes: boolean; unordered?: boolean; shapeOnly?: boolean }
interface Step { statement: Statement; view: View }
interface Case { rows: string[]; steps: Step[] }

// Literals: integers, reals (REAL 2.0 reads back as 2 either way), text with quotes and astral
// characters, NULL.
const literal = fc.constantFrom('0', '1', '-2', '7', '2.5', '-1.25', "'x'", "''", "'Ab'", "'it''s'", "'é😀'", 'NULL');
const integer = fc.integer({ min: 0, max: 4 });

const projection = fc.uniqueArray(fc.constantFrom(
  'id', 'a', '"1"', '"2"', 'b', 'b AS a', 'id AS "1"', 'a AS "10"', 'b AS "0"', '"2" AS "2"', 'id * 2 AS x', 'a AS id', '3 AS "1"',
  "'lit' AS a", 'length(b) AS "3"', 'id AS " "', 'a', 'id AS "01"',
), { minLength: 1, maxLength: 5 }).map((items) => items.join(', '));
const filter = fc.oneof(fc.constant(''), fc.constant(' WHERE 0'), fc.constant(' WHERE a IS NULL'),
  integer.map((k) => ` WHERE id = ${k}`), integer.map((k) => ` WHERE id > ${k}`), integer.map((k) => ` WHERE id <= ${k}`));
const select = fc.tuple(projection, filter).map(([columns, where]) => `SELECT ${columns} FROM t${where} ORDER BY t.id`);

const valuesRows = fc.integer({ min: 1, max: 3 }).chain((width) =>
  fc.array(fc.array(literal, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 3 }))
  .map((rows) => `VALUES ${rows.map((row) => `(${row.join(', ')})`).join(', ')}`);

const reads: fc.Arbitrary<Statement> = fc.oneof(
  { weight: 4, arbitrary: select.map((text) => ({ text, writes: false })) },
  { weight: 2, arbitrary: valuesRows.map((text) => ({ text, writes: false })) },
  { weight: 1, arbitrary: filter.map((where) => ({ text: `SELECT count(*) AS n, max(a) AS "1", min(b) AS n FROM t${where}`, writes: false })) },
  { weight: 2, arbitrary: filter.map((where) => ({ text: `WITH c(x, "1") AS (SELECT id, b FROM t${where}) SELECT * FROM c ORDER BY x`, writes: false })) },
  { weight: 1, arbitrary: integer.map((k) => ({ text: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${k}) SELECT i AS "2", i * i AS "1", i AS "2" FROM n`, writes: false })) },
  { weight: 1, arbitrary: select.map((text) => ({ text: `EXPLAIN ${text}`, writes: false, shapeOnly: true })) },
  { weight: 1, arbitrary: select.map((text) => ({ text: `EXPLAIN QUERY PLAN ${text}`, writes: false, shapeOnly: true })) },
);

const returning = fc.constantFrom('', ' RETURNING id, b AS "1"', ' RETURNING *', ' RETURNING a AS x, a AS x');
const pairs = fc.array(fc.tuple(literal, literal), { minLength: 1, maxLength: 3 }).map((rows) => rows.map(([a, b]) => `(${a}, ${b})`).join(', '));
const write = (text: string, returns: string): Statement => ({ text: text + returns, writes: true, ...(returns !== '' && { unordered: true }) });

const writes: fc.Arbitrary<Statement> = fc.oneof(
  fc.tuple(pairs, returning).map(([rows, returns]) => write(`INSERT INTO t (a, b) VALUES ${rows}`, returns)),
  fc.tuple(pairs, returning).map(([rows, returns]) => write(`WITH src(v, w) AS (VALUES ${rows}) INSERT INTO t (a, b) SELECT v, w FROM src`, returns)),
  fc.tuple(integer, returning).map(([k, returns]) => write(`WITH sel AS (SELECT id FROM t WHERE id <= ${k}) UPDATE t SET a = coalesce(a, 0) + 1 WHERE id IN (SELECT id FROM sel)`, returns)),
  fc.tuple(filter, returning).map(([where, returns]) => write(`WITH sel AS (SELECT id FROM t${where}) DELETE FROM t WHERE id IN (SELECT id FROM sel)`, returns)),
  fc.tuple(integer, returning).map(([k, returns]) => write(`UPDATE t SET b = 'u' WHERE id > ${k}`, returns)),
  fc.tuple(integer, returning).map(([k, returns]) => write(`DELETE FROM t WHERE id = ${k}`, returns)),
);

/** What may come before a statement's first word: nothing, comments, white space. */
const lead = fc.constantFrom('', '', '-- leading comment\n', '/* leading comment */ ', '\n  ', '/* a */ -- b\n');

const step: fc.Arbitrary<Step> = fc.record({
  statement: fc.tuple(lead, fc.oneof({ weight: 3, arbitrary: reads }, { weight: 2, arbitrary: writes }))
    .map(([prefix, statement]) => ({ ...statement, text: prefix + statement.text })),
  view: fc.constantFrom<View>('toArray', 'spread', 'raw', 'one'),
});

const tableRow = fc.tuple(literal, literal, literal, literal).map((values) => `(${values.join(', ')})`);
const cases: fc.Arbitrary<Case> = fc.record({
  rows: fc.array(tableRow, { maxLength: 6 }),
  steps: fc.array(step, { minLength: 1, maxLength: 6 }),
});

/** The statements that set the table up, the same on both sides. */
const setup = ({ rows }: Case): string[] => [SCHEMA, ...(rows.length > 0 ? [`INSERT INTO t (a, "1", "2", b) VALUES ${rows.join(', ')}`] : [])];

const VIEW_STEP: Record<View, SqlStep> = { toArray: 'toArray', spread: 'spread', raw: 'raw.toArray', one: 'one' };

/** The script run inside the object: each statement, its columns, its rows through its view, its counters; the data after each write. */
function script(testCase: Case): SqlStep[] {
  return [
    ...setup(testCase).map((text) => exec(text)),
    ...testCase.steps.flatMap(({ statement, view }): SqlStep[] => [
      exec(statement.text), 'columnNames', VIEW_STEP[view], 'counters',
      ...(statement.writes ? [exec(STATE), 'toArray'] as SqlStep[] : []),
    ]),
  ];
}

class Disagreement extends Error {
  constructor(message: string, readonly requirements: string[]) { super(message); }
}

const show = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (v === undefined ? '(undefined)' : v));
const sameJson = (a: unknown, b: unknown): boolean => show(a) === show(b);
const sortedRows = (rows: unknown[]): string[] => rows.map(show).sort();

/** Whether a row object is the raw row under these names: every name a key, and a name that occurs once holds its value. */
function rowObjectMatches(row: unknown, columnNames: string[], values: unknown[]): boolean {
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return false;
  const keys = Object.keys(row).sort();
  if (!sameJson(keys, [...new Set(columnNames)].sort())) return false;
  return columnNames.every((name, index) => columnNames.indexOf(name) !== columnNames.lastIndexOf(name) || sameJson((row as Record<string, unknown>)[name], values[index]));
}

/** Whether row objects are SQLite's rows (in order, or in any order for RETURNING). */
function rowObjectsMatch(rows: unknown, expected: Extract<OracleResult, { ok: true }>, unordered: boolean): boolean {
  if (!Array.isArray(rows) || rows.length !== expected.rows.length) return false;
  if (!unordered) return rows.every((row, index) => rowObjectMatches(row, expected.columnNames, expected.rows[index]!));
  // Unordered: every row object matches a distinct SQLite row.
  const left = [...expected.rows];
  return rows.every((row) => {
    const at = left.findIndex((values) => rowObjectMatches(row, expected.columnNames, values));
    if (at >= 0) left.splice(at, 1);
    return at >= 0;
  });
}

/** EXPLAIN: the same columns, rows when SQLite has some, a value per column in each raw row. */
const rawShapeMatches = (rows: unknown, expected: Extract<OracleResult, { ok: true }>): boolean =>
  Array.isArray(rows) && (rows.length > 0) === (expected.rows.length > 0)
  && rows.every((row) => Array.isArray(row) && row.length === expected.columnNames.length);

const VIEW_REQUIREMENT: Record<Exclude<View, 'one'>, string> = { toArray: 'ST-SQL-TOARRAY-REMAINING', spread: 'ST-SQL-CURSOR-ITERABLE', raw: 'ST-SQL-RAW-ARRAYS' };

/** Compares one statement's outcomes (exec, columnNames, view, counters) with SQLite's; throws the first disagreement. */
function compareStatement({ statement, view }: Step, expected: OracleResult, [ran, columns, read, counters]: (Outcome | undefined)[]): void {
  // A statement SQLite itself refuses says nothing of the cursor (the generator keeps to valid SQL).
  if (!expected.ok) return;
  const fail = (requirement: string, what: string, received: unknown, wanted: unknown) => {
    throw new Disagreement(`${what} of ${JSON.stringify(statement.text)} (read with ${view === 'raw' ? 'raw().toArray()' : `${view}()`}) disagrees with SQLite:\n  received ${show(received)}\n  SQLite   ${show(wanted)}`, [requirement]);
  };
  if (!ran?.ok) fail('ST-SQL-EXEC-CURSOR', 'exec()', ran?.ok === false ? `threw ${ran.error.name}: ${ran.error.message}` : 'nothing', 'runs it');
  if (!columns?.ok || !sameJson(columns.value, expected.columnNames)) fail('ST-SQL-COLUMN-NAMES', 'columnNames', columns?.ok ? columns.value : columns, expected.columnNames);
  compareRead(statement, view, expected, read, fail);
  const written = counters?.ok ? (counters.value as { rowsWritten?: unknown }).rowsWritten : counters;
  if (written !== expected.rowsWritten) fail('ST-SQL-ROWS-WRITTEN', 'rowsWritten once read', written, expected.rowsWritten);
}

type Fail = (requirement: string, what: string, received: unknown, wanted: unknown) => never;

function compareRead(statement: Statement, view: View, expected: Extract<OracleResult, { ok: true }>, read: Outcome | undefined, fail: Fail): void {
  if (view === 'one') {
    // EXPLAIN's number of rows is the SQLite release's own.
    if (statement.shapeOnly) return;
    if (expected.rows.length === 1) {
      if (!read?.ok || !rowObjectMatches(read.value, expected.columnNames, expected.rows[0]!)) fail('ST-SQL-ONE-EXACTLY-ONE', 'one()', read?.ok ? read.value : read, expected.rows[0]);
    } else if (read?.ok !== false) {
      fail('ST-SQL-ONE-THROWS', 'one()', read?.value, `throws: ${expected.rows.length} rows`);
    }
    return;
  }
  const rows = read?.ok ? read.value : read;
  if (view === 'raw') {
    const matches = statement.shapeOnly ? rawShapeMatches(rows, expected)
      : statement.unordered ? Array.isArray(rows) && sameJson(sortedRows(rows), sortedRows(expected.rows))
        : sameJson(rows, expected.rows);
    if (!matches) fail(VIEW_REQUIREMENT.raw, 'the raw rows', rows, statement.shapeOnly ? `${expected.rows.length} rows of ${expected.columnNames.length} values` : expected.rows);
    return;
  }
  const matches = statement.shapeOnly
    ? Array.isArray(rows) && (rows.length > 0) === (expected.rows.length > 0) && rows.every((row) => row !== null && typeof row === 'object' && sameJson(Object.keys(row).sort(), [...new Set(expected.columnNames)].sort()))
    : rowObjectsMatch(rows, expected, statement.unordered === true);
  if (!matches) fail(VIEW_REQUIREMENT[view], 'the row objects', rows, expected.rows.map((values) => Object.fromEntries(expected.columnNames.map((name, i) => [name, values[i]]))));
}

/** After a write: the data must be SQLite's. A read that is not even one row of one `state` is the cursor's fault. */
function compareData(statement: Statement, expected: OracleResult, read: Outcome | undefined): void {
  if (!expected.ok) return;
  const wanted = [{ state: expected.rows[0]![0] }];
  if (read?.ok && sameJson(read.value, wanted)) return;
  const shaped = read?.ok && Array.isArray(read.value) && read.value.length === 1 && typeof read.value[0]?.state === 'string';
  throw new Disagreement(`the data after ${JSON.stringify(statement.text)} disagrees with SQLite's:\n  received ${show(read?.ok ? read.value : read)}\n  SQLite   ${show(wanted)}`,
    [shaped ? 'ST-SQL-EXEC-CURSOR' : 'ST-SQL-TOARRAY-REMAINING']);
}

/** Runs one case on a fresh object and on a fresh SQLite database; throws the first disagreement. */
async function runCase(adapter: StorageAdapter, testCase: Case): Promise<void> {
  const oracle = new SqliteOracle();
  try {
    for (const text of setup(testCase)) {
      const done = oracle.run(text);
      if (!done.ok) throw new Error(`the SQL-by-difference spec's own setup failed on SQLite: ${done.error} (${text})`);
    }
    const object = await adapter.create();
    let outcomes: Outcome[];
    try {
      outcomes = await sql(object, ...script(testCase));
    } finally {
      await object.destroy();
    }
    const setupSteps = setup(testCase).length;
    setupSteps > 0 && outcomes.slice(0, setupSteps).forEach((outcome, index) => {
      if (!outcome.ok) throw new Disagreement(`setting the table up failed: ${setup(testCase)[index]} threw ${outcome.error.name}: ${outcome.error.message}`, ['ST-SQL-EXEC-CURSOR']);
    });
    let at = setupSteps;
    for (const step of testCase.steps) {
      compareStatement(step, oracle.run(step.statement.text), outcomes.slice(at, at + 4));
      at += 4;
      if (step.statement.writes) {
        compareData(step.statement, oracle.run(STATE), outcomes[at + 1]);
        at += 2;
      }
    }
  } finally {
    oracle.close();
  }
}

const describeCase = (testCase: Case): string => [
  ...setup(testCase).map((text) => `  ${text}`),
  ...testCase.steps.map(({ statement, view }) => `  ${statement.text.replaceAll('\n', '\\n')}   -- read with ${view === 'raw' ? 'raw().toArray()' : `${view}()`}`),
].join('\n');

const CITED = ['ST-SQL-EXEC-CURSOR', 'ST-SQL-CURSOR-ITERABLE', 'ST-SQL-TOARRAY-REMAINING', 'ST-SQL-ONE-EXACTLY-ONE', 'ST-SQL-ONE-THROWS', 'ST-SQL-RAW-ARRAYS', 'ST-SQL-COLUMN-NAMES', 'ST-SQL-ROWS-WRITTEN'];

describe('SQL by difference', () => {
  storageSpec(CITED, 'generated statements give through the cursor what they give in SQLite itself: columns, raw rows, row objects, one(), rowsWritten (property)', async ({ adapter, seed, task }) => {
    task.meta.seed = seed;
    const details = await fc.check(fc.asyncProperty(cases, (testCase) => runCase(adapter, testCase)), { seed, numRuns: NUM_RUNS });
    if (!details.failed) return;
    const error = details.errorInstance;
    const found = error instanceof Error ? error.message : String(error);
    const replay = `seed ${seed}: replay with --seed ${seed}; case ${details.numRuns} of ${NUM_RUNS}, shrunk ${details.numShrinks} times, fast-check path "${details.counterexamplePath}"`;
    // A call that hung verified nothing: the spec fails as timed out, with the call named.
    if (isTimeout(error)) throw new Error(`${found}\n(SQL by difference, ${replay})`, { cause: error });
    // The shrunk case's first disagreement names the one requirement it breaks.
    if (error instanceof Disagreement) task.meta.failedRequirements = error.requirements;
    const counterexample = details.counterexample?.[0];
    expect.fail([`The cursor disagrees with SQLite (${replay}).`, found, ...(counterexample ? ['The case, on a fresh object:', describeCase(counterexample)] : [])].join('\n'));
  }, { needs: ['sql'], timeout: 120_000 });
});
