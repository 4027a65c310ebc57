// A user's adapter, written in TypeScript in a folder of their own, runs through --adapter PATH.
// The adapter is the README's minimal example (examples/minimal-adapter.ts), so the README stays true.

import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

const EXAMPLE = join(ROOT, 'examples/minimal-adapter.ts');

describe('--adapter PATH', () => {
  it('the README shows the minimal adapter exactly as tested', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(readFileSync(EXAMPLE, 'utf8').trim());
  });

  it('runs a hand-written TypeScript adapter from a temporary folder and reports by its name', async () => {
    const project = tempDir('user-project');
    // As after `npm install specgate`: the package is in the user's node_modules.
    mkdirSync(join(project, 'node_modules'));
    symlinkSync(ROOT, join(project, 'node_modules/specgate'), 'dir');
    copyFileSync(EXAMPLE, join(project, 'my-adapter.ts'));
    const reportDir = join(project, 'report');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', join(project, 'my-adapter.ts'), '--report-dir', reportDir]);
    expect([0, 1], run.stderr).toContain(run.code);
    const report = readReport(reportDir);
    // Named by its own name, with the path it was loaded from (report.html's replay commands use it).
    expect(report.run.targets).toEqual([expect.objectContaining({ suite: 'storage', name: 'minimal-memory', module: join(project, 'my-adapter.ts') })]);
    expect(report.summary.passed, 'the key-value specs ran against it').toBeGreaterThan(10);
    const alarmSpecs = report.tests.filter((t) => t.area === 'alarms');
    expect(alarmSpecs.length).toBeGreaterThan(0);
    for (const spec of alarmSpecs) expect(spec).toMatchObject({ status: 'skipped', skipReason: expect.stringMatching(/^adapter minimal-memory does not support alarms/), skipDeclared: true });
    // What the adapter declares it lacks (supports) is its author's statement: never incomplete
    // (the positive control, an undeclared skip counted, is in test/real-target.test.ts).
    expect(report.verdicts.incomplete.reasons.filter(({ reason }) => /does not support/.test(reason))).toEqual([]);
    expect(report.verdicts.outcome).not.toBe('incomplete');
  });

  it('refuses a module that is not an adapter with exit 2 and the reason', async () => {
    const file = join(tempDir('not-adapter'), 'nope.ts');
    writeFileSync(file, 'export default { name: "half", create: 42 };\n');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--adapter .*nope\.ts: create\(\) must be a function; supports must be an object of capabilities/);
  });

  it('refuses an unknown adapter name with exit 2', async () => {
    const run = await runCli(['run', '--suite', 'storage', '--adapter', 'no-such-adapter']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/no built-in adapter named "no-such-adapter"/);
  });
});
