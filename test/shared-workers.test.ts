// Several targets in one vitest project (runner/run.ts): storage adapters with --share-workers,
// zone API targets alike in control and clocks always. Each spec is declared once per target and
// reported as that target's (spec-kit/worker-context.ts, meta.target): a run of targets sharing a
// project must give each target exactly the records it gets in a project (or a run) of its own, a
// broken one its failures, an unbroken one its passes.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../reference-impl/zone-api/server.js';
import type { Report } from '../src/report/model.js';
import { readReport, runCli, tempDir, type CliResult } from './helpers/cli.js';
import { zoneApiVariants } from './broken/zone-api-variants.js';

/** Each target's specs as `name: status`, sorted, by target. */
function recordsByTarget(report: Report): Map<string, string[]> {
  const byTarget = new Map<string, string[]>();
  for (const test of report.tests) byTarget.set(test.target, [...(byTarget.get(test.target) ?? []), `${test.spec.describe.join(' > ')} > ${test.spec.title}: ${test.status}`]);
  for (const [target, records] of byTarget) byTarget.set(target, records.sort());
  return byTarget;
}

const failing = (records: string[] | undefined): string[] => (records ?? []).filter((r) => r.endsWith(': failed'));

describe('storage adapters sharing a project (--share-workers)', () => {
  // A blind variant (delete(key) is always true) and the unbroken control, over the kv area.
  const adapters = ['./test/blind/storage/unbroken-kv.ts', './test/blind/storage/delete-always-true.ts'].join(',');
  const args = (reportDir: string, ...more: string[]) => ['run', '--suite', 'storage', '--area', 'kv', '--no-preflight', '--seed', '5', '--adapter', adapters, '--report-dir', reportDir, ...more];
  let apart: Report;
  let shared: Report;
  let sharedRun: CliResult;

  beforeAll(async () => {
    const [apartDir, sharedDir] = [tempDir('apart'), tempDir('shared')];
    [, sharedRun] = await Promise.all([runCli(args(apartDir)), runCli(args(sharedDir, '--share-workers'))]);
    apart = readReport(apartDir);
    shared = readReport(sharedDir);
  }, 600_000);

  it('gives each adapter the records it gets in a project of its own', () => {
    expect(sharedRun.code, sharedRun.stderr).toBe(1);
    expect(recordsByTarget(shared)).toEqual(recordsByTarget(apart));
    expect(shared.run.targets).toEqual(apart.run.targets);
  });

  it('keeps the targets apart: the variant fails, the control passes (positive and negative control)', () => {
    const records = recordsByTarget(shared);
    expect(failing(records.get('storage:blind-delete-always-true')).length).toBeGreaterThan(0);
    expect(records.get('storage:blind-unbroken-kv')!.length).toBeGreaterThan(0);
    expect(failing(records.get('storage:blind-unbroken-kv'))).toEqual([]);
  });
});

describe('zone API targets sharing a project', () => {
  const credentials = { token: 'sharedtoken0123456789', email: 'shared@example.test', key: 'sharedkey0123456789' };
  const env = { SPECGATE_TOKEN: credentials.token, SPECGATE_EMAIL: credentials.email, SPECGATE_KEY: credentials.key };
  const variant = zoneApiVariants.find((v) => v.name === 'list-ignores-page')!;
  let control: RunningServer;
  let broken: RunningServer;
  const reports: { together?: Report; control?: Report; broken?: Report } = {};

  const run = async (servers: RunningServer[]): Promise<Report> => {
    const reportDir = tempDir('zone-shared');
    await runCli(['run', '--suite', 'zone-api', '--area', 'filters', '--no-preflight', '--seed', '5', '--report-dir', reportDir,
      '--target', servers.map((s) => s.baseUrl).join(','), '--control', servers.map((s) => s.controlUrl!).join(',')], env);
    return readReport(reportDir);
  };

  beforeAll(async () => {
    control = await startServer({ testMode: true, credentials });
    broken = await startServer({ testMode: true, credentials, customize: variant.customize });
    [reports.together, reports.control, reports.broken] = await Promise.all([run([control, broken]), run([control]), run([broken])]);
  }, 600_000);
  afterAll(async () => { await Promise.all([control?.close(), broken?.close()]); });

  it('gives each target the records it gets in a run of its own', () => {
    const together = recordsByTarget(reports.together!);
    expect(together.get(`zone-api@${control.baseUrl}`)).toEqual(recordsByTarget(reports.control!).get('zone-api'));
    expect(together.get(`zone-api@${broken.baseUrl}`)).toEqual(recordsByTarget(reports.broken!).get('zone-api'));
  });

  it('keeps the targets apart: the variant fails, the control passes', () => {
    const together = recordsByTarget(reports.together!);
    expect(failing(together.get(`zone-api@${broken.baseUrl}`)).length).toBeGreaterThan(0);
    expect(failing(together.get(`zone-api@${control.baseUrl}`))).toEqual([]);
  });
});
