// The storage suite against workerd through miniflare 5 (5.20261117.0-beta, the one wrangler
// 4.164.0 brings, with workerd 1.20261117.1), installed from the npm registry into a folder of its
// own and named with --miniflare: at its newest compatibility date against its baseline, and at
// 2025-07-18 against that date's; and the locked miniflare 4 running miniflare 5's workerd binary
// (--workerd), whose version the report names. It needs the install (about 100 MB), so it runs
// when SPECGATE_MINIFLARE5 names the folder, as `.ci/run` does:
//
//   npm install --prefix .cache/miniflare5 --no-save miniflare@5.20261117.0-beta
//   SPECGATE_MINIFLARE5=.cache/miniflare5 npx vitest run test/workerd-miniflare5.test.ts
//
// `npm test` reports it skipped with that reason; the shape detection itself is in npm test
// (test/workerd-options.test.ts).

import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBaseline } from '../src/report/baseline.js';
import type { Report } from '../src/report/model.js';
import { failedRequirementsOf, readReport, ROOT, runCli, tempDir } from './helpers/cli.js';

const FOLDER = process.env.SPECGATE_MINIFLARE5 === undefined ? undefined : resolve(ROOT, process.env.SPECGATE_MINIFLARE5);
const MINIFLARE5 = '5.20261117.0-beta';
const WORKERD5 = '1.20261117.1';

const VARIANTS = [
  { adapter: 'workerd', compatibilityDate: '2026-11-17', baseline: 'suites/storage/baselines/workerd-miniflare5.json' },
  { adapter: 'workerd@2025-07-18', compatibilityDate: '2025-07-18', baseline: 'suites/storage/baselines/workerd-2025-07-18.json' },
];

const targetOf = (report: Report, name: string) => report.run.targets.find((t) => t.name === name);

describe.skipIf(FOLDER === undefined)('workerd through miniflare 5, from the npm registry (SPECGATE_MINIFLARE5=FOLDER)', () => {
  it('runs the storage suite at its newest date and at 2025-07-18, each failing exactly its baseline; the report names what ran', async () => {
    const reportDir = tempDir('miniflare5');
    // --share-workers: one pool of test workers for both dates, so the suite's files are imported
    // once and the two dates' real-time alarm waits overlap (as in workerd-conformance).
    const run = await runCli(['run', '--suite', 'storage', '--share-workers', '--adapter', VARIANTS.map((v) => v.adapter).join(','), '--miniflare', FOLDER!, '--report-dir', reportDir]);
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout.slice(-2000)).toBe(1);
    const report = readReport(reportDir);
    expect(report.errors).toEqual([]);
    for (const variant of VARIANTS) {
      expect(targetOf(report, variant.adapter)?.runtime).toMatchObject({
        name: 'workerd',
        version: '2026-11-17',
        binary: { packageVersion: WORKERD5, resolvedFrom: 'miniflare' },
        compatibilityDate: variant.compatibilityDate,
        launcher: { name: 'miniflare', version: MINIFLARE5, resolvedFrom: 'given' },
      });
      const known = readBaseline(join(ROOT, variant.baseline)).knownFailures.map((f) => f.requirement).sort();
      expect(failedRequirementsOf(report, `storage:${variant.adapter}`), variant.adapter).toEqual(known);
    }
  }, 15 * 60_000);

  it('--workerd: the locked miniflare 4 runs miniflare 5\'s workerd binary; the report names that binary\'s version, and its date is the default', async () => {
    const binary = createRequire(join(FOLDER!, 'node_modules/miniflare/package.json'))('workerd').default as string;
    const reportDir = tempDir('workerd-binary');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', 'workerd', '--workerd', binary, '--grep', 'deleteAll\\(\\) leaves the alarm set', '--report-dir', reportDir]);
    // At 2026-11-17 deleteAll() deletes the alarm (delete_all_deletes_alarm): the known failure.
    expect(run.code, run.stderr + run.stdout.slice(-2000)).toBe(1);
    const runtime = targetOf(readReport(reportDir), 'workerd')?.runtime;
    expect(runtime).toMatchObject({
      version: '2026-11-17',
      binary: { path: binary, packageVersion: WORKERD5, resolvedFrom: 'given' },
      compatibilityDate: '2026-11-17',
      launcher: { version: createRequire(import.meta.url)('miniflare/package.json').version, resolvedFrom: 'specgate' },
    });
  }, 5 * 60_000);
});
