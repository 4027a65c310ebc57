// The storage suite against real workerd (through miniflare): its failures must be exactly the
// ones recorded, with their reasons, in suites/storage/expected/workerd.json. A new failure, or a
// recorded one that now passes, fails this test: the file is a regression check for both sides.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failedRequirements, readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

interface ExpectedResults {
  adapter: string;
  expectedFailures: { requirement: string; reason: string }[];
}

const expected = JSON.parse(readFileSync(join(ROOT, 'suites/storage/expected/workerd.json'), 'utf8')) as ExpectedResults;

describe('the storage suite against workerd', () => {
  it('fails exactly the recorded requirements, each with a reason', async () => {
    const reportDir = tempDir('workerd');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', 'workerd', '--report-dir', reportDir]);
    const report = readReport(reportDir);
    expect(report.errors).toEqual([]);
    expect(failedRequirements(report)).toEqual(expected.expectedFailures.map((f) => f.requirement).sort());
    expect(run.code).toBe(expected.expectedFailures.length > 0 ? 1 : 0);
    for (const failure of expected.expectedFailures) expect(failure.reason.length, failure.requirement).toBeGreaterThan(20);
    // What workerd cannot offer locally is reported as not verified, never as passed.
    const skipped = report.tests.filter((t) => t.status === 'skipped');
    for (const test of skipped) expect(test.skipReason).toMatch(/^adapter workerd does not support (clock|faults)/);
  }, 300_000);
});
