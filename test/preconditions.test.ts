// A spec's preceding steps are preconditions (the `precondition` fixture of spec-kit/storage.ts):
// when one breaks, the spec is not verified for its own requirement, with the step and the
// exception as the reason, rather than failed. An adapter whose put(key, value) throws: the
// rollback specs, which put a key first, are not verified; the put's own spec fails.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

describe('preconditions', () => {
  it('a broken set-up step leaves the spec not verified, naming the step, the exception and the requirement it belongs to', async () => {
    const reportDir = tempDir('preconditions');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', join(ROOT, 'test/broken/storage/put-single-refused.ts'), '--area', 'transactions,kv',
      '--grep', 'rollback\\(\\) returns nothing and discards|after rollback\\(\\) get, put, delete and list on txn fail|put\\(key, value\\) stores the value and replaces', '--report-dir', reportDir]);
    const report = readReport(reportDir);
    const rollback = report.tests.filter((t) => t.requirements.some((id) => id.startsWith('ST-TXN-ROLLBACK')));
    expect(rollback.length, run.stdout).toBe(2);
    for (const spec of rollback) {
      expect(spec, spec.name).toMatchObject({ status: 'skipped', skipDeclared: true });
      expect(spec.skipReason).toMatch(/^not verified: its precondition storage\.put\("txn:[a-z]+", "[a-z]+"\) broke \(a step of ST-KV-PUT-SINGLE, which its own specs verify\): Error: put\(key, value\) not implemented\n {4}at /);
    }
    expect(report.requirements.find((r) => r.id === 'ST-TXN-ROLLBACK')?.status).toBe('skipped');
    // The step's own requirement is where the break is reported.
    expect(report.requirements.find((r) => r.id === 'ST-KV-PUT-SINGLE')?.status, run.stdout).toBe('failed');
    expect(run.code).toBe(1);
  }, 600_000);
});
