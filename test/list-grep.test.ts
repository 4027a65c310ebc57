// `specgate list --grep` selects what `specgate run --grep` runs: both match the name vitest's
// testNamePattern sees, blocks and title joined by spaces (list shows them joined by " > "; it
// matched that before, so a pattern listed specs a run then did not run, and the reverse).

import { describe, expect, it } from 'vitest';
import { readReport, runCli, tempDir } from './helpers/cli.js';

const SPACED = 'limits key size put\\(entries\\)';
const listed = async (grep: string) => {
  const result = await runCli(['list', '--suite', 'storage', '--grep', grep, '--json']);
  expect(result.code, result.stderr).toBe(0);
  return (JSON.parse(result.stdout) as { name: string }[]).map((spec) => spec.name);
};

describe('list --grep and run --grep', () => {
  it('a pattern over the name joined by spaces lists the spec, and the run of that pattern runs exactly it', async () => {
    expect(await listed(SPACED)).toEqual(['limits > key size > put(entries) applies the key limit too']);
    const reportDir = tempDir('list-grep');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', 'reference-kv', '--grep', SPACED, '--report-dir', reportDir]);
    expect(run.code, run.stderr).toBe(0);
    expect(readReport(reportDir).tests.map((t) => t.name)).toEqual(['storage:reference-kv > limits > key size > put(entries) applies the key limit too']);
  }, 600_000);

  it('a pattern over the " > " the listing shows lists nothing, as a run of it runs nothing', async () => {
    expect(await listed('key size > put')).toEqual([]);
  }, 600_000);
});
