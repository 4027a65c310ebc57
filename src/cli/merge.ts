// `specgate merge DIR... [--out DIR]`: one report from the shards of a run (a CI matrix). Writes
// report.json, summary.md and junit.xml (written from the merged report). Exit 0
// when the merged run has no failure, 1 when it has, 2 (through UsageError) for bad usage.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mergeReports, missingShards } from '../report/merge.js';
import type { Report } from '../report/model.js';
import { writeReport } from '../report/write.js';
import { UsageError } from '../targets/zone-target.js';
import { loadReport } from './diff.js';

// Where `specgate run` writes its reports by default (runner/run.ts: PACKAGE_ROOT/reports).
const REPORTS_ROOT = fileURLToPath(new URL('../../reports/', import.meta.url));

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
  // writeReport passes junit.xml through redaction, as for a run; the shards were redacted already.
  writeFileSync(join(out, 'junit.xml'), junitOf(report));
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

/**
 * junit.xml of the merged run, written from the merged report: the shards' own junit files cannot
 * simply be joined (vitest lists every spec a shard left out as skipped, and names a spec file's
 * <testsuite> the same for every target). One <testsuite> per target and spec file; a spec left
 * out of the run by its selection or --grep is not listed.
 */
export function junitOf(report: Report): string {
  const groups = new Map<string, Report['tests']>();
  for (const test of report.tests) {
    const key = `${test.target} > ${test.file}`;
    groups.set(key, [...(groups.get(key) ?? []), test]);
  }
  const suites = [...groups].map(([name, tests]) => testsuite(name, tests));
  const { summary } = report;
  return ['<?xml version="1.0" encoding="UTF-8" ?>',
    `<testsuites name="specgate merged" tests="${summary.total}" failures="${summary.failed}" errors="0" skipped="${summary.skipped}" time="${seconds(totalMs(report.tests))}">`,
    ...suites, '</testsuites>', ''].join('\n');
}

function testsuite(name: string, tests: Report['tests']): string {
  const count = (status: string) => tests.filter((t) => t.status === status).length;
  return [
    `    <testsuite name="${xml(name)}" tests="${tests.length}" failures="${count('failed')}" errors="0" skipped="${count('skipped')}" time="${seconds(totalMs(tests))}">`,
    ...tests.map(testcase),
    '    </testsuite>',
  ].join('\n');
}

function testcase(test: Report['tests'][number]): string {
  const open = `        <testcase classname="${xml(test.file)}" name="${xml(test.name)}" time="${seconds(test.durationMs)}"`;
  if (test.status === 'passed') return `${open}/>`;
  const body = test.status === 'failed'
    ? `            <failure message="${xml(firstLine(test.error))}">${xml(test.error ?? '')}</failure>`
    : `            <skipped message="${xml(test.skipReason ?? 'skipped')}"/>`;
  return [`${open}>`, body, '        </testcase>'].join('\n');
}

const totalMs = (tests: Report['tests']): number => tests.reduce((ms, t) => ms + t.durationMs, 0);
const seconds = (ms: number): string => String(ms / 1000);
const firstLine = (text: string | undefined): string => (text ?? 'failed').split('\n')[0] ?? 'failed';
const xml = (text: string): string => text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c)
  // Characters XML 1.0 cannot carry at all (ANSI escapes in error messages, for one).
  .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
