// The storage suite against real workerd (through miniflare), gated on the committed baseline of
// its known failures (suites/storage/baselines/workerd.json, each with a reason): a new failure,
// or a recorded one that now passes, fails this test. A regression check for both sides.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workerdAdapter } from '../src/adapters/workerd/index.js';
import { readBaseline } from '../src/report/baseline.js';
import { failedRequirements, readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

const BASELINE = join(ROOT, 'suites/storage/baselines/workerd.json');

describe('the storage suite against workerd', () => {
  it('fails exactly the requirements of its baseline, each with a reason', async () => {
    const reportDir = tempDir('workerd');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', 'workerd', '--baseline', BASELINE, '--report-dir', reportDir]);
    const report = readReport(reportDir);
    const known = readBaseline(BASELINE).knownFailures;
    expect(report.errors).toEqual([]);
    expect(failedRequirements(report)).toEqual(known.map((f) => f.requirement).sort());
    expect(report.baseline).toMatchObject({ new: 0, fixed: 0 });
    expect(run.code, run.stdout.slice(-2000)).toBe(0);
    for (const failure of known) expect(failure.reason.length, failure.requirement).toBeGreaterThan(20);
    // What workerd cannot offer locally is reported as not verified, never as passed.
    for (const test of report.tests.filter((t) => t.status === 'skipped')) {
      expect(test.skipReason).toMatch(/^(adapter workerd does not support (clock|faults)|not verified: workerd does not implement point-in-time recovery locally)$/);
    }
    // Its SQL API is verified; its point-in-time recovery is not (only what it does instead, once the
    // adapter declares workerd under miniflare a local-development runtime).
    const ran = (area: string) => report.tests.filter((t) => t.area === area && t.status !== 'skipped').map((t) => t.requirements.join());
    expect(ran('sql').length).toBeGreaterThan(20);
    expect(ran('pitr')).toEqual(workerdAdapter.localDevelopment ? ['ST-PITR-NOT-LOCAL', 'ST-PITR-LOCAL-THROWS'] : []);
  }, 300_000);
});
