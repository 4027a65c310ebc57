// A spec whose object under test was not made or not restarted (the adapter's create() or
// restart() threw or did not settle) found nothing about what it cites: its status is `error`, not
// `failed`, as WPT tells ERROR from FAIL. Its requirements are not verified, its errors are causes
// of their own kind, every report keeps them apart from the failures (JUnit as <error>), and the
// run is red for them. One CLI run of two adapters whose set-up fails in the test worker only
// (test/helpers/dying-adapters/set-up-fails.ts), beside the control: a spec that needs no restart
// passes on the one whose restart() fails.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundedAdapter } from '../src/spec-kit/bounded-storage.js';
import { factsOf } from '../src/spec-kit/failure-facts.js';
import { failureCauses } from '../src/report/causes.js';
import { failingRestart, hangingCreate } from './helpers/dying-adapters/set-up-fails.js';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

const HANGS = join(ROOT, 'test/helpers/dying-adapters/hangs-on-create.ts');
const RESTART_FAILS = join(ROOT, 'test/helpers/dying-adapters/restart-fails.ts');
const DURABLE = 'once the answer of an event that wrote arrives, the write is durable';
const INCREMENTS = '50 concurrent read-then-write increments lose no update';

describe('a set-up that did not happen is an error, not a failure', () => {
  it('marks a create() or restart() that threw or hung as the set-up, and no other call', async () => {
    // In a test worker's stead: the adapters fail only there.
    (globalThis as Record<string, unknown>).__vitest_worker__ ??= {};
    const hanging = boundedAdapter(hangingCreate(), 50);
    const created = await hanging.create().catch((error: unknown) => error);
    expect(factsOf(created)).toMatchObject({ setUp: { operation: 'adapter.create' }, hung: { operation: 'adapter.create' } });
    const object = await boundedAdapter(failingRestart(), 1000).create();
    const restarted = await object.restart().catch((error: unknown) => error);
    expect([(restarted as Error).message, factsOf(restarted)]).toEqual(['restart() is not implemented by this runtime', { setUp: { operation: 'object.restart' } }]);
    // A refusal of the storage under test is no set-up error: it is what the spec verifies.
    const refused = await object.storage.put('', 1).then(() => undefined, (error: unknown) => error);
    if (refused !== undefined) expect(factsOf(refused)?.setUp).toBeUndefined();
    await object.destroy();
  });

  it('groups set-up errors under causes of their own, after the failures', () => {
    const causes = failureCauses([
      { name: 'a', status: 'error', error: 'adapter.create() did not settle within 15000 ms (the run\'s --timeout)', failure: { setUp: { operation: 'adapter.create' }, hung: { operation: 'adapter.create', limitMs: 15000, limit: 'the run\'s --timeout' } }, profile: 'core' },
      { name: 'b', status: 'failed', error: 'expected 1 to be 2', profile: 'core' },
      { name: 'c', status: 'error', error: 'adapter.create() did not settle within 15000 ms (the run\'s --timeout)', failure: { setUp: { operation: 'adapter.create' }, hung: { operation: 'adapter.create', limitMs: 15000, limit: 'the run\'s --timeout' } }, profile: 'extended' },
    ], 'core');
    expect(causes.map((c) => [c.kind, c.tests, c.gated])).toEqual([['message', ['b'], 1], ['set-up', ['a', 'c'], 2]]);
  });

  it('end to end: status error, requirements not verified, apart in every report, the run red', async () => {
    const reportDir = tempDir('set-up-errors');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', `${HANGS},${RESTART_FAILS}`, '--area', 'consistency',
      '--grep', `${DURABLE}|${INCREMENTS}`, '--timeout', '2', '--report-dir', reportDir]);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    const report = readReport(reportDir);
    const outcomes = report.tests.map((t) => [t.target, t.spec.title, t.status, t.failure?.setUp?.operation]).sort();
    expect(outcomes).toEqual([
      ['storage:hangs-on-create', INCREMENTS, 'error', 'adapter.create'],
      ['storage:hangs-on-create', DURABLE, 'error', 'adapter.create'],
      ['storage:restart-fails', INCREMENTS, 'passed', undefined],
      ['storage:restart-fails', DURABLE, 'error', 'object.restart'],
    ].sort());
    expect(report.summary).toMatchObject({ failed: 0, errors: 3 });
    expect(report.verdicts).toMatchObject({ outcome: 'failed', core: { specs: { failed: 0, errors: 3 } } });
    // Not failed: not verified, and said why.
    for (const id of ['ST-CONS-INPUT-GATE', 'ST-CONS-OUTPUT-GATE']) {
      expect(report.requirements.find((r) => r.id === id), id).toMatchObject({ status: 'skipped', notVerifiedReason: 'set-up error' });
    }
    expect(report.causes.map((c) => [c.kind, c.tests.length])).toEqual([['set-up', 2], ['set-up', 1]]);
    expect(report.causes[0]!.label).toMatch(/^adapter\.create\(…\) did not settle within 2000 ms/);
    expect(report.causes[1]!.label).toBe('restart() is not implemented by this runtime');
    // The terminal: set-up errors under their own heading, no failure heading.
    expect(run.stdout).toMatch(/specgate: 3 set-up errors \(the object under test was not made or restarted/);
    expect(run.stdout).not.toMatch(/failed spec/);
    expect(run.stdout).toContain('specgate: FAILED (gate: core)');
    const junit = readFileSync(join(reportDir, 'junit.xml'), 'utf8');
    expect(junit.match(/<error type="set-up"/g)?.length).toBe(3);
    expect(junit).not.toContain('<failure');
    const html = readFileSync(join(reportDir, 'report.html'), 'utf8');
    expect(html).toContain('<section id="set-up-errors"><h2>Set-up errors (3 specs, 2 causes)</h2>');
    expect(html).not.toContain('<section id="failures">');
    const summary = readFileSync(join(reportDir, 'summary.md'), 'utf8');
    expect(summary).toContain('## Set-up errors (3 specs, 2 causes)');
    expect(summary).not.toContain('## Failures');
  }, 600_000);
});
