// report.html promised a replay command for a failing spec, but only property specs had
// one. Now every failed spec has one; each command a report shows, run as printed (through a shell,
// `npx specgate` being this checkout's bin), runs exactly that spec again on the same target with
// the same seed, and it fails again the same way.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report, ReportTest } from '../src/report/model.js';
import { replayCommand } from '../src/report/replay.js';
import { EVERYTHING } from '../src/core/selection.js';
import { readReport, ROOT, runAsUser, runCli, tempDir } from './helpers/cli.js';

/** Runs a replay command as printed, in a shell, with its report written to a folder of its own. */
async function replay(command: string, label: string): Promise<{ code: number | null; report: Report; output: string }> {
  expect(command).toMatch(/^npx specgate run /);
  const dir = join(tempDir(`replay-${label}`), 'report');
  const asPrinted = command.replace(/^npx specgate /, `${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'bin/specgate.mjs'))} `);
  const result = await runAsUser('sh', ['-c', `${asPrinted} --report-dir ${JSON.stringify(dir)}`], ROOT);
  return { code: result.code, report: readReport(dir), output: `${result.stdout}\n${result.stderr}` };
}

const firstLine = (test: ReportTest | undefined): string => (test?.error ?? '').split('\n')[0]!;

describe('replay commands', () => {
  it('every failed spec of a run gets one, and running it fails that spec alone, the same way (plain and property specs)', async () => {
    const dir = join(tempDir('replay-run'), 'report');
    const adapter = join(ROOT, 'test/broken/storage/list-utf16-order.ts');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', adapter, '--area', 'list', '--report-dir', dir]);
    expect(run.code, run.stderr).toBe(1);
    const report = readReport(dir);
    const failed = report.tests.filter((t) => t.status === 'failed');
    expect(failed.some((t) => t.seed === undefined) && failed.some((t) => t.seed !== undefined), 'a plain and a property spec failed').toBe(true);
    for (const test of failed) {
      const again = await replay(replayCommand(report, test), 'storage');
      expect(again.code, again.output).toBe(1);
      expect(again.report.tests.map((t) => [t.name, t.status])).toEqual([[test.name, 'failed']]);
      expect(firstLine(again.report.tests[0])).toBe(firstLine(test));
    }
  }, 600_000);

  it('selects exactly the spec whose name has regular-expression characters, on the zone API target', async () => {
    const spec = { describe: ['create, read, unknown ids (extended)'], title: 'POST creates a custom hostname that GET and the list then show' };
    const test = { name: `zone-api > ${spec.describe[0]} > ${spec.title}`, target: 'zone-api', spec } as ReportTest;
    const report = { run: { seed: 7, targets: [{ suite: 'zone-api', name: 'reference', control: true }], selection: EVERYTHING } } as unknown as Report;
    const command = replayCommand(report, test);
    expect(command).toBe(`npx specgate run --suite zone-api --grep '^create, read, unknown ids \\(extended\\) POST creates a custom hostname that GET and the list then show$' --seed 7`);
    const again = await replay(command, 'zone');
    expect(again.code, again.output).toBe(0);
    expect(again.report.tests.map((t) => t.name)).toEqual([test.name]);
    expect(again.report.run.seed).toBe(7);
  }, 600_000);
});
