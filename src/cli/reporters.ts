// How `specgate run` shows its outcome on the terminal (--reporter): `default`, the failures by
// cause and the verdict lines; `github`, the same plus a workflow command `::error file=,line=::`
// for each gated failure (GitHub shows them on the spec's line) and summary.md appended to the
// job's summary ($GITHUB_STEP_SUMMARY); `json` (also `--json`), only the report's summary as JSON
// on stdout, everything for people on stderr, so that a script can read stdout whole.

import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UsageError } from '../core/errors.js';
import { didYouMean } from '../core/did-you-mean.js';
import { PACKAGE_ROOT } from '../core/paths.js';
import type { Report, ReportTest } from '../report/model.js';

export const REPORTERS = ['default', 'github', 'json'] as const;
export type ReporterName = (typeof REPORTERS)[number];

/** --reporter NAME, with --json as another name for --reporter json. */
export function reporterFrom(flags: { reporter?: string | undefined; json?: boolean | undefined }): ReporterName {
  const { reporter, json } = flags;
  if (json && reporter !== undefined && reporter !== 'json') throw new UsageError(`--json is --reporter json; it cannot go with --reporter ${reporter}`);
  if (json) return 'json';
  if (reporter === undefined) return 'default';
  if (!(REPORTERS as readonly string[]).includes(reporter)) {
    throw new UsageError(`--reporter must be one of ${REPORTERS.join(', ')}, got "${reporter}"${didYouMean(reporter, REPORTERS)}`);
  }
  return reporter as ReporterName;
}

/** What `run --json` prints: the report's summary, the verdicts and where the whole report is. */
export function jsonSummary(report: Report, reportDir: string, exitCode: number): string {
  const { id, startedAt, durationMs, targets, seed, stoppedEarly } = report.run;
  return `${JSON.stringify({
    exitCode,
    outcome: report.verdicts.outcome,
    reportDir,
    run: { id, startedAt, durationMs, targets, seed, ...(stoppedEarly && { stoppedEarly }) },
    verdicts: report.verdicts,
    summary: report.summary,
    failures: report.tests.filter((t) => t.status === 'failed').map((t) => ({ name: t.name, file: t.file, profile: t.profile, requirements: t.requirements, ...(t.known && { known: true }) })),
    errors: report.errors,
  }, null, 2)}\n`;
}

const isGated = (report: Report, test: ReportTest): boolean => report.verdicts.gate === 'extended' || test.profile === 'core';

/** GitHub keeps at most 50 annotations of a kind per job (and shows 10 per step): more are lost. */
export const MAX_ANNOTATIONS = 50;

/**
 * One `::error` workflow command per gated failure not known to a baseline, on the spec's line
 * when its title can be found in its file. The whole error goes in the message (newlines escaped).
 * Past MAX_ANNOTATIONS, one `::notice` says how many more there are and where they are.
 */
export function githubAnnotations(report: Report, cwd = process.cwd()): string[] {
  const failures = report.tests.filter((t) => t.status === 'failed' && !t.known && isGated(report, t));
  const more = failures.length - MAX_ANNOTATIONS;
  return [
    ...failures.slice(0, MAX_ANNOTATIONS).map((test) => errorAnnotation(test, cwd)),
    ...(more > 0 ? [`::notice title=specgate::${more} more gated failures, not annotated: see the job summary (summary.md) and report.html`] : []),
  ];
}

function errorAnnotation(test: ReportTest, cwd: string): string {
  const path = join(PACKAGE_ROOT, test.file);
  const line = lineOfTitle(path, test.spec.title);
  const properties = [`file=${escapeProperty(relative(cwd, path))}`, ...(line !== undefined ? [`line=${line}`] : []), `title=${escapeProperty(`specgate: ${test.name}`)}`];
  const message = `${test.name} [${test.requirements.join(', ')}]\n${test.error ?? 'failed'}`;
  return `::error ${properties.join(',')}::${escapeData(message)}`;
}

/** The line where a spec's title is written (as a string literal) in its file, if it is there word for word. */
function lineOfTitle(path: string, title: string): number | undefined {
  if (!existsSync(path)) return undefined;
  const lines = readFileSync(path, 'utf8').split('\n');
  const index = lines.findIndex((line) => ["'", '"', '`'].some((quote) => line.includes(`${quote}${title}${quote}`)));
  return index === -1 ? undefined : index + 1;
}

// GitHub's escaping of workflow commands: data escapes %, CR, LF; a property also : and ,.
const escapeData = (text: string): string => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (text: string): string => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** Appends the run's summary.md to the job's summary, when the run is a step of a GitHub workflow. */
export function appendStepSummary(reportDir: string, summaryFile = process.env.GITHUB_STEP_SUMMARY): boolean {
  if (summaryFile === undefined || summaryFile === '') return false;
  appendFileSync(summaryFile, `${readFileSync(join(reportDir, 'summary.md'), 'utf8')}\n`);
  return true;
}
