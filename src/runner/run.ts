// One conformance run: resolve the target, run the selected suites under vitest's Node API,
// and write the report. The CLI is a thin shell around `runConformance`.

import { mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { SUITES, type SuiteName } from '../catalog/suites.js';
import { buildReport, type Report } from '../report/model.js';
import { writeReport } from '../report/write.js';
import type { Credentials } from '../spec-kit/target.js';
import { secretsOf } from '../spec-kit/target.js';
import { resolveZoneTarget } from '../targets/zone-target.js';
import { CollectingReporter } from './collector.js';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_SEED = 20261121;
const VERSION = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export interface RunOptions {
  suites: SuiteName[];
  /** Base URL of the target; the bundled reference when absent. */
  target?: string;
  credentials?: Credentials;
  controlUrl?: string;
  /** Defaults to reports/<run-id>/ under the package root. */
  reportDir?: string;
  /** Only specs whose full name matches this regular expression. */
  grep?: string;
  seed?: number;
  /** Print vitest's progress (default true). */
  verbose?: boolean;
}

export interface RunOutcome {
  report: Report;
  reportDir: string;
  exitCode: 0 | 1;
}

export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  const started = new Date();
  const runId = `${started.toISOString().replace(/[:.]/g, '-')}-${randomBytes(2).toString('hex')}`;
  const reportDir = resolve(options.reportDir ?? join(PACKAGE_ROOT, 'reports', runId));
  const seed = options.seed ?? DEFAULT_SEED;
  const suites = options.suites.map((name) => SUITES[name]);
  // An unreachable target or bad credentials fail here, before any spec runs or any file is written.
  const { target, stop } = await resolveZoneTarget({ url: options.target, credentials: options.credentials ?? {}, controlUrl: options.controlUrl, seed });
  mkdirSync(reportDir, { recursive: true });
  const collector = new CollectingReporter(PACKAGE_ROOT);
  try {
    const include = suites.filter((s) => !s.pending).flatMap((s) => s.include);
    if (include.length > 0) {
      const vitest = await startVitest('test', [], {
        root: PACKAGE_ROOT,
        config: false,
        include,
        watch: false,
        passWithNoTests: true,
        reporters: [collector, ['junit', { outputFile: join(reportDir, 'junit.xml') }], ...(options.verbose === false ? [] : ['default' as const])],
        provide: { zoneApiTarget: target },
        ...(options.grep !== undefined && { testNamePattern: options.grep }),
      });
      await vitest.close();
      process.exitCode = 0; // vitest sets it on failures; the CLI decides the exit code
    }
  } finally {
    await stop();
  }
  const finished = new Date();
  const report = buildReport({
    version: VERSION,
    run: {
      id: runId,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      durationMs: finished.getTime() - started.getTime(),
      target: { name: target.name, ...(target.name !== 'reference' && { baseUrl: target.baseUrl }), control: target.controlUrl !== undefined },
      suites: options.suites,
      grep: options.grep ?? null,
      seed,
    },
    suites: suites.map((s) => ({ name: s.name, catalog: s.catalog })),
    tests: collector.tests,
    fileErrors: collector.fileErrors,
    checkCoverage: options.grep === undefined,
  });
  writeReport(reportDir, report, secretsOf(target.credentials));
  const exitCode = report.summary.failed > 0 || report.errors.length > 0 ? 1 : 0;
  return { report, reportDir, exitCode };
}
