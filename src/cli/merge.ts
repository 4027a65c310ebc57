// `specgate merge DIR... [--out DIR] [--allow-partial]`: one report from the shards of a run (a CI
// matrix). Writes the report's files (REPORT_FILES of report/files.ts, from the merged report). Exit 0
// when the merged run has no failure, 1 when it has, 2 (through UsageError) for bad usage, a
// report given twice, or a shard missing (unless --allow-partial): a merge of part of a run must
// not pass for the whole of it.

import { mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { withDashedValues } from './usage.js';
import { mergeReports, missingShards, repeatedReports } from '../report/merge.js';
import { writeReport } from '../report/write.js';
import { UsageError } from '../core/errors.js';
import { loadReport } from './diff.js';
import { OUTCOME_EXIT_CODES } from '../report/model.js';

// Where `specgate run` writes its reports by default (runner/run.ts): reports/ of the working directory.
const REPORTS_ROOT = 'reports';

/** The options of `specgate merge` (its help, help.ts, lists the same). */
export const MERGE_OPTIONS = {
  out: { type: 'string' },
  'allow-partial': { type: 'boolean', default: false },
} satisfies ParseArgsConfig['options'];

export async function mergeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: withDashedValues(args, MERGE_OPTIONS), options: MERGE_OPTIONS, strict: true, allowPositionals: true });
  if (positionals.length === 0) throw new UsageError('merge needs the report directories of the shards; see specgate merge --help');
  const reports = positionals.map(loadReport);
  // A shard given twice usually stands for one left out: both are refused before anything is written.
  const repeated = repeatedReports(reports, positionals);
  if (repeated.length > 0) throw new UsageError(`merge: ${repeated.join('; ')} given twice: give each shard's report once`);
  const missing = missingShards(reports);
  if (missing.length > 0 && !values['allow-partial']) {
    throw new UsageError(`merge: shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} missing: the merged run would be incomplete (give every shard's report, or --allow-partial to merge what is there)`);
  }
  const report = mergeReports(reports);
  const out = resolve(values.out ?? join(REPORTS_ROOT, `merged-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  mkdirSync(out, { recursive: true });
  // The shards were redacted already; writeReport writes junit.xml from the merged report too.
  writeReport(out, report, []);
  if (missing.length > 0) process.stderr.write(`specgate: shards ${missing.join(', ')} missing (--allow-partial): the merged run is incomplete\n`);
  const { summary } = report;
  process.stdout.write(`specgate: merged ${positionals.length} reports: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped\n`
    + `specgate: report in ${relative(process.cwd(), out) || '.'}/\n`);
  if (report.errors.length > 0) return 1;
  // The shards' gate (and baseline) decide, as for an unsharded run.
  return OUTCOME_EXIT_CODES[report.verdicts.outcome];
}
