// `specgate merge DIR... [--out DIR]`: one report from the shards of a run (a CI matrix). Writes
// report.json, summary.md and junit.xml (written from the merged report). Exit 0
// when the merged run has no failure, 1 when it has, 2 (through UsageError) for bad usage.

import { mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { mergeReports, missingShards } from '../report/merge.js';
import { writeReport } from '../report/write.js';
import { UsageError } from '../core/errors.js';
import { loadReport } from './diff.js';

// Where `specgate run` writes its reports by default (runner/run.ts): reports/ of the working directory.
const REPORTS_ROOT = 'reports';

export const MERGE_HELP = `specgate merge DIR... [--out DIR]
  DIR        report directories (or report.json files) of the shards of one run
  --out DIR  where to write the merged report (default: reports/merged-<timestamp>/)
Writes report.json, summary.md and junit.xml (from the merged report: only the specs that ran).
Exit codes: 0 the merged run has no failure (or, for shards gated on a baseline, passes the gate),
1 otherwise, 2 bad usage or reports that cannot be merged.
`;

export async function mergeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true, allowPositionals: true });
  if (positionals.length === 0) throw new UsageError('merge needs the report directories of the shards; see specgate --help');
  const reports = positionals.map(loadReport);
  const report = mergeReports(reports);
  const out = resolve(values.out ?? join(REPORTS_ROOT, `merged-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  mkdirSync(out, { recursive: true });
  // The shards were redacted already; writeReport writes junit.xml from the merged report too.
  writeReport(out, report, []);
  const missing = missingShards(reports);
  if (missing.length > 0) process.stderr.write(`specgate: shards ${missing.join(', ')} missing: the merged run is incomplete\n`);
  const { summary } = report;
  process.stdout.write(`specgate: merged ${positionals.length} reports: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped\n`
    + `specgate: report in ${relative(process.cwd(), out) || '.'}/\n`);
  if (report.errors.length > 0) return 1;
  // The shards' gate (and baseline) decide, as for an unsharded run.
  return report.verdicts.outcome === 'passed' ? 0 : 1;
}
