// The storage suite's behavioural specs (options, transactions, consistency, alarms, SQL, PITR) can fail: run
// against deliberately broken adapters over the reference, the run must fail exactly the
// requirements each misreading breaks — no fewer (the suite catches it) and no more (the specs
// are precise about what they verify).

import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { failedRequirementsOf, readReport, ROOT, runCli, tempDir, type CliResult } from './helpers/cli.js';

interface BrokenAdapter {
  /** Module in test/broken/storage/, named as its adapter. */
  name: string;
  misreading: string;
  expectedFailures: string[];
}

const variants: BrokenAdapter[] = [
  { name: 'txn-ops-after-rollback', misreading: 'txn stays usable after rollback()',
    expectedFailures: ['ST-TXN-ROLLBACK-THEN-THROWS', 'ST-TXN-ROLLBACK-ERROR-MESSAGE'] },
  { name: 'txn-throw-keeps-writes', misreading: 'a throwing closure keeps the writes it made before the throw',
    expectedFailures: ['ST-TXN-ABORT-ON-THROW'] },
  { name: 'alarm-deleteall-deletes-alarm', misreading: 'deleteAll() deletes the alarm too',
    expectedFailures: ['ST-KV-DELETEALL-KEEPS-ALARM'] },
  { name: 'alarm-retry-null', misreading: 'getAlarm() is null once the alarm fired, even while its retry is pending',
    expectedFailures: ['ST-ALARM-SET-WHILE-RETRY-PENDING'] },
  { name: 'alarm-delete-keeps-due', misreading: 'deleteAlarm() leaves an alarm that is already due',
    expectedFailures: ['ST-ALARM-DELETE'] },
  { name: 'alarm-running-handler-cancelled', misreading: 'setAlarm() and deleteAlarm() abort a running handler',
    expectedFailures: ['ST-ALARM-DELETE-KEEPS-RUNNING', 'ST-ALARM-SET-KEEPS-RUNNING'] },
  { name: 'options-sync-early', misreading: 'sync() resolves without waiting for pending unconfirmed writes',
    expectedFailures: ['ST-OPT-SYNC-FLUSHES'] },
  { name: 'options-unconfirmed-held', misreading: 'allowUnconfirmed is ignored: answers wait for the flush',
    expectedFailures: ['ST-OPT-ALLOW-UNCONFIRMED'] },
  { name: 'options-nocache-reads-disk', misreading: 'get({noCache}) reads the disk copy, missing a write in flight',
    expectedFailures: ['ST-OPT-NOCACHE-WRITE-BUFFER'] },
  { name: 'cons-no-input-gate', misreading: 'events are delivered during storage operations',
    expectedFailures: ['ST-CONS-INPUT-GATE'] },
  // A multi-key put that is a loop of single puts is also not atomic when one value is refused.
  { name: 'cons-multikey-split', misreading: 'put(entries) and delete(keys) are loops of single-key calls',
    expectedFailures: ['ST-CONS-METHOD-ATOMIC', 'ST-LIMIT-REFUSED-WRITES-NOTHING'] },
  // Without the gate, the client of a failed write already has its answer: no error reaches it.
  { name: 'cons-no-output-gate', misreading: 'an event\'s answer goes out before its writes are flushed',
    expectedFailures: ['ST-CONS-OUTPUT-GATE', 'ST-CONS-WRITE-FAILURE-RESET'] },
  { name: 'cons-writes-one-by-one', misreading: 'writes with no await between them are flushed one by one',
    expectedFailures: ['ST-CONS-WRITES-COALESCED'] },
  // sync() after a failed flush is the same broken promise: the client must get an error there too.
  { name: 'cons-failure-swallowed', misreading: 'after a failed flush the client still gets a normal answer',
    expectedFailures: ['ST-CONS-OUTPUT-GATE', 'ST-CONS-WRITE-FAILURE-RESET', 'ST-OPT-SYNC-FLUSHES'] },
  // The SQL and PITR variants break the reference SQLite backend (the rest of the suite runs on it too).
  { name: 'sql-one-first-of-several', misreading: 'cursor.one() returns the first of several rows instead of throwing',
    expectedFailures: ['ST-SQL-ONE-MESSAGES', 'ST-SQL-ONE-THROWS'] },
  { name: 'sql-raw-own-position', misreading: 'raw() iterates the results from the start, with a position of its own',
    expectedFailures: ['ST-SQL-RAW-SHARED-POSITION'] },
  // Writes made between the request and the restart land after the recovery, so the undo spec sees them restored away too.
  { name: 'pitr-restore-immediately', misreading: 'onNextSessionRestoreBookmark() restores at once instead of at the next restart',
    expectedFailures: ['ST-PITR-RESTORE-NEXT-RESTART', 'ST-PITR-RESTORE-UNDO-BOOKMARK'] },
  { name: 'pitr-bookmarks-unsorted', misreading: 'bookmarks are opaque identifiers whose string order means nothing',
    expectedFailures: ['ST-PITR-BOOKMARK-LEXICAL'] },
];

// All of them in one run, side by side (one target each): the suite starts once, not once per adapter.
describe('broken storage adapters (options, transactions, consistency, alarms, SQL, PITR) are caught', () => {
  let report: Report;
  let run: CliResult;
  beforeAll(async () => {
    const reportDir = tempDir('broken-storage-behaviour');
    const adapters = variants.map((v) => join(ROOT, 'test/broken/storage', `${v.name}.ts`)).join(',');
    run = await runCli(['run', '--suite', 'storage', '--adapter', adapters, '--report-dir', reportDir]);
    report = readReport(reportDir);
  }, 600_000);

  it('the run fails, and reports each adapter as its own target', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(report.run.targets.map((t) => t.name).sort()).toEqual(variants.map((v) => v.name).sort());
  });

  for (const variant of variants) {
    it(`${variant.name}: ${variant.misreading}`, () => {
      expect(report.tests.filter((t) => t.target === `storage:${variant.name}`).length, 'its specs ran').toBeGreaterThan(50);
      expect(failedRequirementsOf(report, `storage:${variant.name}`)).toEqual([...variant.expectedFailures].sort());
    });
  }
});
