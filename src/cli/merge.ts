// `specgate merge DIR... [--out DIR]`: one report from the shards of a run (a CI matrix). Writes
// report.json, summary.md and junit.xml (the shards' <testsuite> elements side by side). Exit 0
// when the merged run has no failure, 1 when it has, 2 (through UsageError) for bad usage.

import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mergeReports, missingShards } from '../report/merge.js';
import { writeReport } from '../report/write.js';
import { UsageError } from '../targets/zone-target.js';
import { loadReport } from './diff.js';

// Where `specgate run` writes its reports by default (runner/run.ts: PACKAGE_ROOT/reports).
const REPORTS_ROOT = fileURLToPath(new URL('../../reports/', import.meta.url));

export const MERGE_HELP = `specgate merge DIR... [--out DIR]
  DIR        report directories (or report.json files) of the shards of one run
  --out DIR  where to write the merged report (default: reports/merged-<timestamp>/)
Writes report.json, summary.md, and junit.xml when every shard has one.
Exit codes: 0 the merged run has no failure, 1 it has, 2 bad usage or reports that cannot be merged.
`;

export async function mergeCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: { out: { type: 'string' } }, strict: true, allowPositionals: true });
  if (positionals.length === 0) throw new UsageError('merge needs the report directories of the shards; see specgate --help');
  const reports = positionals.map(loadReport);
  const report = mergeReports(reports);
  const out = resolve(values.out ?? join(REPORTS_ROOT, `merged-${new Date().toISOString().replace(/[:.]/g, '-')}`));
  mkdirSync(out, { recursive: true });
  const junit = mergedJunit(positionals.map(junitFileOf));
  if (junit !== undefined) writeFileSync(join(out, 'junit.xml'), junit);
  // The shards' artefacts were redacted when written; nothing new to redact here.
  writeReport(out, report, []);
  const missing = missingShards(reports);
  if (missing.length > 0) process.stderr.write(`specgate: shards ${missing.join(', ')} missing: the merged run is incomplete\n`);
  if (junit === undefined) process.stderr.write('specgate: some shard has no junit.xml; the merged report has none\n');
  const { summary } = report;
  process.stdout.write(`specgate: merged ${positionals.length} reports: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped\n`
    + `specgate: report in ${relative(process.cwd(), out) || '.'}/\n`);
  return summary.failed > 0 || report.errors.length > 0 ? 1 : 0;
}

const junitFileOf = (path: string): string => join(isFile(path) ? dirname(path) : path, 'junit.xml');

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

const ROOT_TAG = /<testsuites\b([^>]*)>([\s\S]*)<\/testsuites>/;
const COUNTS = ['tests', 'failures', 'errors'] as const;

/** One <testsuites> holding every shard's <testsuite> elements, with the counts added up; undefined when a shard has no junit.xml. */
export function mergedJunit(files: string[]): string | undefined {
  if (!files.every((f) => existsSync(f))) return undefined;
  const roots = files.map((f) => ROOT_TAG.exec(readFileSync(f, 'utf8')));
  if (roots.some((m) => m === null)) return undefined;
  const attribute = (attrs: string, name: string) => Number(new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1] ?? 0);
  const sum = (name: string) => roots.reduce((n, m) => n + attribute(m![1]!, name), 0);
  const counts = COUNTS.map((name) => `${name}="${sum(name)}"`).join(' ');
  const body = roots.map((m) => m![2]!.replace(/^\s*\n|\s+$/g, '')).filter((b) => b.length > 0).join('\n');
  return `<?xml version="1.0" encoding="UTF-8" ?>\n<testsuites name="vitest tests" ${counts} time="${sum('time')}">\n${body}\n</testsuites>\n`;
}
