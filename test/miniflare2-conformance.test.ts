// The storage suite against Miniflare 2 (through the miniflare2 adapter), gated on the committed
// baseline of its known failures (suites/storage/baselines/miniflare2.json, each naming the
// statement it violates and its reproduction, which test/miniflare2-repros.test.ts runs): a new
// failure, or a recorded one that now passes, fails this test.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBaseline } from '../src/report/baseline.js';
import { failedRequirements, readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

const BASELINE = join(ROOT, 'suites/storage/baselines/miniflare2.json');

describe('the storage suite against Miniflare 2', () => {
  it('fails exactly the requirements of its baseline, each with a reason', async () => {
    const reportDir = tempDir('miniflare2');
    // Gated on both verdicts, so that the baseline's extended entries are checked too.
    const run = await runCli(['run', '--suite', 'storage', '--adapter', 'miniflare2', '--gate', 'extended', '--baseline', BASELINE, '--report-dir', reportDir]);
    const report = readReport(reportDir);
    const known = readBaseline(BASELINE).knownFailures;
    expect(report.errors).toEqual([]);
    expect(report.baseline, 'new failures and stale entries').toMatchObject({ new: 0, fixed: 0, newFailures: [], staleEntries: [] });
    // Equal sets: every entry's requirement fails, and nothing else does (the model-based spec's
    // failure names the rule it shows broken: Miniflare 2's list({startAfter, reverse}) names
    // ST-LIST-START-AFTER-EXCLUSIVE, not every list option).
    expect(failedRequirements(report)).toEqual(known.map((f) => f.requirement!).sort());
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    for (const failure of known) expect(failure.reason.length, failure.requirement).toBeGreaterThan(20);
    // The adapter declares every capability of the key-value backend (clock, faults and restart
    // being its own): nothing is skipped. SQL and point-in-time recovery are out of its scope: no
    // spec of those areas runs, and none is reported as skipped either.
    expect(report.run.targets.find((t) => t.name === 'miniflare2')?.capabilities).toEqual({
      kv: true, alarms: true, clock: true, faults: true, restart: true, sql: false, pitr: false,
    });
    expect(report.tests.filter((t) => t.status === 'skipped').map((t) => `${t.name}: ${t.skipReason}`)).toEqual([]);
    expect(report.tests.filter((t) => t.area === 'sql' || t.area === 'pitr').map((t) => t.name)).toEqual([]);
    const ran = (area: string) => report.tests.filter((t) => t.area === area).length;
    for (const area of ['kv', 'list', 'limits', 'options', 'transactions', 'consistency', 'alarms']) expect(ran(area), area).toBeGreaterThan(0);
  }, 600_000);
});
