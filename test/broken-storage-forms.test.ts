// The specs of every method's forms, limits at their edges, cursors, bindings and atomicity can
// fail, and each failure names the statement that broke: run against deliberately broken adapters
// over the reference (test/broken/storage/), the whole storage suite must fail exactly the
// requirements each misreading breaks, and leave "not verified" (premise failed) exactly those
// whose premise the misreading breaks: never a failure blamed on them.

import { runStorageVariants } from './helpers/storage-variant-run.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { failedRequirementsOf, type CliResult } from './helpers/cli.js';

interface Variant {
  /** Module in test/broken/storage/, named as its adapter. */
  name: string;
  misreading: string;
  expectedFailures: string[];
  /** Requirements some spec of which is not verified because its premise failed (the misreading's, not theirs). */
  premiseFailed?: string[];
}

const variants: Variant[] = [
  { name: 'kv-empty-batches-refused', misreading: 'get([]) answers undefined, put({}) is refused, delete([]) answers undefined',
    expectedFailures: ['ST-KV-DELETE-EMPTY-BATCH', 'ST-KV-GET-EMPTY-BATCH', 'ST-KV-PUT-EMPTY-ENTRIES'],
    // The options on an empty batch: the same call without the option is their premise.
    premiseFailed: ['ST-OPT-ALLOW-CONCURRENCY', 'ST-OPT-ALLOW-UNCONFIRMED', 'ST-OPT-NOCACHE-NO-VISIBLE-EFFECT'] },
  { name: 'txn-empty-batches-wrong', misreading: 'txn.get([]), txn.put({}) and txn.delete([]) are refused',
    expectedFailures: ['ST-TXN-OPERATIONS'] },
  // A form broken inside a transaction is the transaction's failure (txn offers put), not the limits'.
  { name: 'txn-put-entries-refused', misreading: 'txn.put(entries) is refused (txn offers put(key, value) only)',
    expectedFailures: ['ST-TXN-OPERATIONS'], premiseFailed: ['ST-LIMIT-PUT-BATCH-128', 'ST-LIMIT-VALUE-131072'] },
  // The conventional answer (a TypeError) stays an extended spec; the bound itself is core.
  { name: 'list-limit-zero-unlimited', misreading: 'list({limit: 0}) answers every pair (0 read as no limit)',
    expectedFailures: ['ST-LIST-LIMIT', 'ST-LIST-LIMIT-NOT-POSITIVE-TYPEERROR'] },
  // Counted only once the cursor is done: right in the end, never decreasing, yet behind the rows handed out.
  { name: 'sql-counters-when-consumed', misreading: 'rowsRead and rowsWritten read 0 until the cursor is consumed',
    expectedFailures: ['ST-SQL-ROWS-READ', 'ST-SQL-ROWS-WRITTEN'] },
  { name: 'sql-bindings-blobs-last', misreading: 'an ArrayBuffer or view binding moves to the last placeholders',
    expectedFailures: ['ST-SQL-EXEC-BINDINGS'] },
  // The document says only "bound in order": more values than placeholders is a convention's subject.
  { name: 'sql-bindings-extra-ignored', misreading: 'bindings beyond the placeholders are dropped silently',
    expectedFailures: ['ST-SQL-BINDINGS-COUNT-REFUSED'] },
  { name: 'kv-refused-clone-partial', misreading: 'a value that cannot be cloned is refused late: put(entries) keeps the pairs before it, put(key, value) leaves the key',
    expectedFailures: ['ST-CONS-REFUSED-CALL-WRITES-NOTHING'] },
  { name: 'txn-abort-keeps-deletes', misreading: 'an aborted transaction rolls back its puts but not its deletes',
    expectedFailures: ['ST-TXN-ABORT-ON-THROW'] },
  // Lopata's: objects' storage is private, also from another object's abort.
  { name: 'kv-abort-rolls-back-others', misreading: 'an aborted transaction rolls back the writes other objects made while it ran',
    expectedFailures: ['ST-KV-PRIVATE'] },
  // The window's edge is a time exactly 30 days ago: the spec lands on it, to the millisecond.
  { name: 'pitr-window-edge-excluded', misreading: 'a time exactly 30 days ago is refused by getBookmarkForTime',
    expectedFailures: ['ST-PITR-FOR-TIME-30-DAYS'] },
];

/** The requirements of the target's specs that were skipped as not verified because a premise failed. */
const premiseFailedOf = (report: Report, target: string): string[] => [...new Set(report.tests
  .filter((t) => t.target === target && t.status === 'skipped' && /^not verified: the premise failed/.test(t.skipReason ?? ''))
  .flatMap((t) => t.requirements))].sort();

// All of them in one run, side by side (one target each): the suite starts once, not once per adapter.
describe('broken variants of forms, edges, cursors, bindings and atomicity are caught, and blamed on the statement that broke', () => {
  let report: Report;
  let run: CliResult;
  beforeAll(async () => {
    ({ run, report } = await runStorageVariants('broken-storage-forms', variants.map((v) => v.name)));
  }, 600_000);

  it('the run fails, and reports each adapter as its own target', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(report.run.targets.map((t) => t.name).sort()).toEqual(variants.map((v) => v.name).sort());
  });

  for (const variant of variants) {
    it(`${variant.name}: ${variant.misreading}`, () => {
      const target = `storage:${variant.name}`;
      expect(report.tests.filter((t) => t.target === target).length, 'its specs ran').toBeGreaterThan(50);
      expect(failedRequirementsOf(report, target), 'the requirements it fails').toEqual([...variant.expectedFailures].sort());
      expect(premiseFailedOf(report, target), 'the requirements left not verified for a premise it breaks').toEqual([...(variant.premiseFailed ?? [])].sort());
    });
  }
});
