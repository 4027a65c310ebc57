// Two verdicts, end to end: the exit code gates on what the documents state (core) by default, and
// on the production conventions too only when asked (--gate extended, or `gate` in the config
// file). Both verdicts are reported either way. The adapter differs from production only in the
// text of one refusal (an extended requirement), limited to the list specs for speed.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

const ADAPTER = join(ROOT, 'test/broken/storage/list-own-refusal-message.ts');
const listRun = (reportDir: string, extra: string[] = []) =>
  runCli(['run', '--suite', 'storage', '--adapter', ADAPTER, '--grep', '^list options', '--report-dir', reportDir, ...extra]);

describe('two verdicts', () => {
  it('a failure of a production convention alone does not fail the default (core) gate, and is reported beside it', async () => {
    const reportDir = tempDir('verdict-core');
    const run = await listRun(reportDir);
    expect(run.code, run.stdout).toBe(0);
    const report = readReport(reportDir);
    expect(report.tests.filter((t) => t.status === 'failed').map((t) => [t.requirements, t.profile]))
      .toEqual([[['ST-LIST-START-AND-START-AFTER-TYPEERROR'], 'extended']]);
    // Positive control: the core spec of the same refusal ran against this adapter and passed.
    expect(report.tests.find((t) => t.requirements.includes('ST-LIST-START-AND-START-AFTER-REFUSED'))?.status).toBe('passed');
    expect(report.verdicts).toMatchObject({ gate: 'core', outcome: 'passed', core: { specs: { failed: 0 } }, extended: { specs: { failed: 1 } } });
    expect(report.verdicts.extended.of - report.verdicts.extended.matched).toBe(1);
    expect(run.stdout).toMatch(/production conventions \(extended, not gated\): matches \d+ of \d+/);
    expect(run.stdout).toContain('specgate: PASSED (gate: core)');
    expect(run.stdout).toMatch(/ST-LIST-START-AND-START-AFTER-TYPEERROR\] \(production convention, not gated\)/);
    expect(readFileSync(join(reportDir, 'summary.md'), 'utf8')).toContain('**Verdict: passed (gate: core).**');
    expect(readFileSync(join(reportDir, 'report.html'), 'utf8')).toContain('<span class="badge s-passed">passed</span>');
  }, 600_000);

  it('--gate extended fails the same run', async () => {
    const reportDir = tempDir('verdict-extended');
    const run = await listRun(reportDir, ['--gate', 'extended']);
    expect(run.code, run.stdout).toBe(1);
    expect(readReport(reportDir).verdicts).toMatchObject({ gate: 'extended', outcome: 'failed' });
    expect(run.stdout).toContain('specgate: FAILED (gate: extended)');
  }, 600_000);

  it('so does `gate: "extended"` in the config file, and a flag overrides it', async () => {
    const dir = tempDir('verdict-config');
    const config = join(dir, 'specgate.config.mjs');
    writeFileSync(config, "export default { gate: 'extended' };\n");
    expect((await listRun(join(dir, 'r1'), ['--config', config])).code).toBe(1);
    expect((await listRun(join(dir, 'r2'), ['--config', config, '--gate', 'core'])).code).toBe(0);
  }, 600_000);

  it('writes no terminal escape codes into any artefact, even when vitest colours its output', async () => {
    const reportDir = tempDir('verdict-colour');
    await runCli(['run', '--suite', 'storage', '--adapter', join(ROOT, 'test/broken/storage/list-utf16-order.ts'), '--grep', '^list options', '--report-dir', reportDir],
      { FORCE_COLOR: '1', NO_COLOR: undefined });
    const report = readReport(reportDir);
    expect(report.summary.failed, 'the run has failures whose diffs vitest colours').toBeGreaterThan(0);
    for (const file of ['report.json', 'summary.md', 'report.html', 'junit.xml']) {
      const text = readFileSync(join(reportDir, file), 'utf8');
      expect(text, file).not.toContain('\x1b[');
      expect(text, `${file}, escaped as JSON`).not.toMatch(/\\u001b\[/i);
    }
  }, 600_000);

  it('refuses an unknown gate before running anything', async () => {
    const run = await runCli(['run', '--gate', 'strict']);
    expect([run.code, run.stderr.trim()]).toEqual([2, 'specgate: --gate must be core or extended, got "strict"']);
  });
});
