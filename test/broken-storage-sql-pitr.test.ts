// The SQL-by-difference and point-in-time-recovery model specs can
// fail: run against broken variants of the reference SQLite backend, the whole storage suite must
// fail exactly the requirements each misreading breaks, at the default seed. Each variant is one
// the specs before these two did not catch (but the two of several requests and of the 7-day
// history, which the area specs catch too): the new spec is what names it, and its failure is
// blamed on the one requirement its shrunk case breaks, not on all those it cites.

import { runStorageVariants } from './helpers/storage-variant-run.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { failedRequirementsOf, type CliResult } from './helpers/cli.js';

interface BrokenAdapter {
  /** Module in test/broken/storage/, named as its adapter. */
  name: string;
  misreading: string;
  expectedFailures: string[];
  /** The new spec that fails on it, and the requirements its failure is blamed on. */
  caughtBy: { file: string; failedRequirements: string[] };
}

const SQL = 'suites/storage/sql-difference.spec.ts';
const PITR = 'suites/storage/pitr-model.spec.ts';

const variants: BrokenAdapter[] = [
  { name: 'sql-raw-from-row-objects', misreading: 'raw() is each row object\'s values: a duplicated column keeps one value, integer-like names come first',
    expectedFailures: ['ST-SQL-RAW-ARRAYS'], caughtBy: { file: SQL, failedRequirements: ['ST-SQL-RAW-ARRAYS'] } },
  { name: 'sql-rows-only-after-select', misreading: 'only a statement starting with SELECT (or a write with RETURNING) returns rows: VALUES, WITH, EXPLAIN and a leading comment give an empty cursor',
    expectedFailures: ['ST-SQL-COLUMN-NAMES'], caughtBy: { file: SQL, failedRequirements: ['ST-SQL-COLUMN-NAMES'] } },
  { name: 'sql-columns-only-with-rows', misreading: 'columnNames are read from the first row: a SELECT without rows has none',
    expectedFailures: ['ST-SQL-COLUMN-NAMES'], caughtBy: { file: SQL, failedRequirements: ['ST-SQL-COLUMN-NAMES'] } },
  { name: 'sql-rows-written-first-word', misreading: 'rowsWritten counts only statements starting with INSERT, UPDATE or DELETE: a write through WITH wrote nothing',
    expectedFailures: ['ST-SQL-ROWS-WRITTEN'], caughtBy: { file: SQL, failedRequirements: ['ST-SQL-ROWS-WRITTEN'] } },
  { name: 'pitr-request-kept-after-restart', misreading: 'a restore request stays: every restart restores its bookmark again',
    expectedFailures: ['ST-PITR-RESTORE-NEXT-RESTART'], caughtBy: { file: PITR, failedRequirements: ['ST-PITR-RESTORE-NEXT-RESTART'] } },
  // The area spec of several requests catches it too.
  { name: 'pitr-first-request-wins', misreading: 'a second restore request before the restart is ignored',
    expectedFailures: ['ST-PITR-RESTORE-NEXT-RESTART'], caughtBy: { file: PITR, failedRequirements: ['ST-PITR-RESTORE-NEXT-RESTART'] } },
  { name: 'pitr-restore-rewrites-history', misreading: 'a restore rewinds the history: getBookmarkForTime() of a time between the restored point and the restore answers the restored point',
    expectedFailures: ['ST-PITR-BOOKMARK-FOR-TIME'], caughtBy: { file: PITR, failedRequirements: ['ST-PITR-BOOKMARK-FOR-TIME'] } },
  // The area spec of a 29-day-old bookmark catches it too.
  { name: 'pitr-history-7-days', misreading: 'the history reaches back 7 days: an older point restores the oldest one kept',
    expectedFailures: ['ST-PITR-HISTORY-30-DAYS'], caughtBy: { file: PITR, failedRequirements: ['ST-PITR-HISTORY-30-DAYS'] } },
];

// All of them in one run, side by side (one target each): the suite starts once, not once per adapter.
describe('broken SQL cursors and point-in-time recoveries are caught by the SQL-by-difference and PITR model specs', () => {
  let report: Report;
  let run: CliResult;
  beforeAll(async () => {
    ({ run, report } = await runStorageVariants('broken-storage-sql-pitr', variants.map((v) => v.name)));
  }, 900_000);

  it('the run fails, and reports each adapter as its own target', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(report.run.targets.map((t) => t.name).sort()).toEqual(variants.map((v) => v.name).sort());
  });

  for (const variant of variants) {
    it(`${variant.name}: ${variant.misreading}`, () => {
      const target = `storage:${variant.name}`;
      expect(report.tests.filter((t) => t.target === target).length, 'its specs ran').toBeGreaterThan(50);
      expect(failedRequirementsOf(report, target)).toEqual([...variant.expectedFailures].sort());
      const caught = report.tests.filter((t) => t.target === target && t.file === variant.caughtBy.file);
      expect(caught.map((t) => t.status), `${variant.caughtBy.file} at the default seed`).toEqual(['failed']);
      expect(caught[0]!.failedRequirements, 'blamed on what its shrunk case breaks').toEqual(variant.caughtBy.failedRequirements);
      expect(caught[0]!.error, 'the failure says how to replay it').toMatch(/replay with --seed \d+/);
    });
  }
});
