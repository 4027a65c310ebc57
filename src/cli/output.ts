// What `specgate run` (and `merge`) print when the run is over: the failures (gated ones first),
// the errors outside specs, the baseline's verdict, and the closing lines with both verdicts.

import { causeCount, stepUnder } from '../report/causes.js';
import type { FailureCause, Report, ReportTest } from '../report/model.js';
import { budgetText, coreRequirementsText, incompleteConsequence, interruptedText, requestsText } from '../report/verdict-text.js';

/**
 * The closing lines: the verdict on the documents (core) first, then the production conventions
 * (extended), then what the run could not verify for reasons the target did not declare, then
 * what the exit code gates on.
 */
/** What the run sent, before the verdicts (none for a run without zone API specs). */
export function requestLines(report: Report): string[] {
  const requests = requestsText(report);
  const budget = budgetText(report);
  return [...(requests ? [`specgate: requests: ${requests}`] : []), ...(budget ? [`specgate: budget: ${budget}`] : [])];
}

export function verdictLines(report: Report): string[] {
  const { core, extended, gate, outcome, incomplete } = report.verdicts;
  const { requirements } = report.summary;
  const accepted = incomplete.specs > 0 && incomplete.accepted ? `, incomplete accepted: ${incomplete.specs} gated specs not verified` : '';
  const interrupted = interruptedText(report);
  return [
    `specgate: the documents (core): ${core.specs.passed} specs passed, ${core.specs.failed} failed, ${core.specs.skipped} skipped${setUpErrors(core.specs.errors)}; `
      + `core requirements ${coreRequirementsText(report)}`,
    `specgate: production conventions (extended${gate === 'extended' ? ', gated' : ', not gated'}): matches ${extended.matched} of ${extended.of} checked; `
      + `${extended.specs.passed} specs passed, ${extended.specs.failed} failed, ${extended.specs.skipped} skipped${setUpErrors(extended.specs.errors)}`,
    ...incompleteLines(report),
    ...(interrupted ? [`specgate: ${interrupted}`] : []),
    `specgate: ${outcome.toUpperCase()} (gate: ${gate}${report.baseline ? `, baseline ${report.baseline.file}` : ''}${accepted})`
      + `${outcome === 'incomplete' ? ': nothing failed, but not everything could be verified (exit 3; --accept-incomplete accepts it)' : ''}; `
      + `${report.errors.length > 0 ? `${report.errors.length} errors outside specs, ` : ''}`
      + `${requirements['out-of-scope'] > 0 ? `${requirements['out-of-scope']} requirements out of scope, ` : ''}${requirements.pending} pending, ${requirements.unspecified} unspecified by the documents`,
  ];
}

const setUpErrors = (n: number): string => (n > 0 ? `, ${n} set-up error${n === 1 ? '' : 's'} (not verified)` : '');

const MAX_LISTED_REASONS = 5;

/** Why gated specs were not verified, most frequent reason first (none when the run verified everything it gates on). */
function incompleteLines(report: Report): string[] {
  const { incomplete } = report.verdicts;
  if (incomplete.specs === 0) return [];
  const more = incomplete.reasons.length - MAX_LISTED_REASONS;
  return [
    // The closing line says what an incomplete or accepted run means; a failed or interrupted one is said here.
    `specgate: not verified, for reasons the target did not declare (${incomplete.specs} gated specs${['failed', 'interrupted'].includes(report.verdicts.outcome) ? `; ${incompleteConsequence(report)}` : ''}):`,
    ...incomplete.reasons.slice(0, MAX_LISTED_REASONS).map(({ reason, specs }) => `specgate:   ${String(specs).padStart(4)}  ${reason}`),
    ...(more > 0 ? [`specgate:         and ${more} more reason${more === 1 ? '' : 's'} (summary.md lists every skipped spec)`] : []),
  ];
}

const MAX_LISTED_FAILURES = 20;
const MAX_LISTED_CAUSES = 10;
const SPECS_PER_CAUSE = 3;
const WHERE_ALL = 'all in report.html and summary.md';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The failures, grouped by cause (report/causes.ts): the cause first, so that one fault of the
 * target (a wrong token) reads as one line, not as the first of 196; under it a few of its specs,
 * gated ones first, each (under an answer) with its first line: the step that got the answer.
 */
export function failureLines(report: Report): string[] {
  const failures = report.causes.filter((cause) => cause.kind !== 'set-up');
  const setUp = report.causes.filter((cause) => cause.kind === 'set-up');
  const count = (causes: FailureCause[]) => causes.reduce((n, c) => n + c.tests.length, 0);
  return [
    ...causeLines(report, failures, `specgate: ${plural(count(failures), 'failed spec')}, ${plural(failures.length, 'cause')}:`, '✗'),
    // Apart from the failures: these specs found nothing about what they cite (not verified), yet the run is red for them.
    ...causeLines(report, setUp, `specgate: ${plural(count(setUp), 'set-up error')} (the object under test was not made or restarted: what these specs cite is not verified, and the run fails for them), ${plural(setUp.length, 'cause')}:`, '!'),
  ];
}

function causeLines(report: Report, causes: FailureCause[], heading: string, mark: string): string[] {
  if (causes.length === 0) return [];
  const byName = new Map(report.tests.map((t) => [t.name, t]));
  const gated = (test: ReportTest) => report.verdicts.gate === 'extended' || test.profile === 'core';
  const lines = [heading];
  let listed = 0;
  let shown = 0;
  for (const cause of causes.slice(0, MAX_LISTED_CAUSES)) {
    if (listed >= MAX_LISTED_FAILURES) break;
    shown++;
    lines.push(`  ${mark} ${cause.label}${cause.tests.length > 1 || cause.gated === 0 ? ` — ${causeCount(cause)}` : ''}`);
    const specs = cause.tests.slice(0, Math.min(SPECS_PER_CAUSE, MAX_LISTED_FAILURES - listed));
    for (const test of specs.map((name) => byName.get(name)).filter((t) => t !== undefined)) {
      const notes = [test.known && 'known', test.status !== 'error' && !gated(test) && 'production convention, not gated'].filter(Boolean);
      lines.push(`      ${test.name} [${test.requirements.join(', ')}]${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`);
      // Under an answer, what the spec was doing when it got it; a message is its cause already.
      const step = stepUnder(cause, test.error);
      if (step !== '' && step !== cause.label) lines.push(`        ${step}`);
    }
    listed += specs.length;
    if (cause.tests.length > specs.length) lines.push(`      … and ${cause.tests.length - specs.length} more specs with this cause (${WHERE_ALL})`);
  }
  const rest = causes.slice(shown);
  if (rest.length > 0) lines.push(`  … and ${plural(rest.length, 'more cause')} (${plural(rest.reduce((n, c) => n + c.tests.length, 0), 'spec')}): ${WHERE_ALL}`);
  return lines;
}

export function printFailures(report: Report, out: NodeJS.WritableStream = process.stdout): void {
  const lines = failureLines(report);
  if (lines.length > 0) out.write(`\n${lines.join('\n')}\n`);
}

/** Spec files that did not load and test workers that died: each fails the run (exit 1). */
export function printErrors(report: Report, out: NodeJS.WritableStream = process.stdout): void {
  const { errors } = report;
  if (errors.length === 0) return;
  out.write(`\nspecgate: errors outside specs${errors.length > MAX_LISTED_FAILURES ? ` (first ${MAX_LISTED_FAILURES} of ${errors.length})` : ''}:\n`);
  for (const error of errors.slice(0, MAX_LISTED_FAILURES)) out.write(`  ${error.file}: ${error.error.split('\n')[0]}\n`);
}

/** A run gated on a baseline: its known, new and fixed failures, each new one and stale entry named. */
export function printBaseline(report: Report, out: NodeJS.WritableStream = process.stdout): void {
  const { baseline } = report;
  if (!baseline) return;
  out.write(`\nspecgate: baseline ${baseline.file}: ${baseline.known} known, ${baseline.new} new, ${baseline.fixed} fixed\n`);
  for (const name of baseline.newFailures) out.write(`specgate: new failure: ${name}\n`);
  for (const entry of baseline.staleEntries) out.write(`specgate: stale baseline entry (now passes; remove it or run --update-baseline): ${entry}\n`);
}
