// What `specgate run` (and `merge`) print when the run is over: the failures (gated ones first),
// the errors outside specs, the baseline's verdict, and the closing lines with both verdicts.

import type { Report } from '../report/model.js';

/**
 * The closing lines: the verdict on the documents (core) first, then the production conventions
 * (extended), then what the run could not verify for reasons the target did not declare, then
 * what the exit code gates on.
 */
export function verdictLines(report: Report): string[] {
  const { core, extended, gate, outcome, incomplete } = report.verdicts;
  const { requirements } = report.summary;
  const via = core.onlyThroughConventions > 0 ? `, ${core.onlyThroughConventions} reached only through conventions` : '';
  const accepted = incomplete.specs > 0 && incomplete.accepted ? `, incomplete accepted: ${incomplete.specs} gated specs not verified` : '';
  return [
    `specgate: the documents (core): ${core.specs.passed} specs passed, ${core.specs.failed} failed, ${core.specs.skipped} skipped; `
      + `requirements ${core.requirements.passed} of ${core.inScope} passed, ${core.requirements.failed} failed, ${core.requirements.skipped} not verified${via}`,
    `specgate: production conventions (extended${gate === 'extended' ? ', gated' : ', not gated'}): matches ${extended.matched} of ${extended.of}; `
      + `${extended.specs.passed} specs passed, ${extended.specs.failed} failed, ${extended.specs.skipped} skipped`,
    ...incompleteLines(report),
    `specgate: ${outcome.toUpperCase()} (gate: ${gate}${report.baseline ? `, baseline ${report.baseline.file}` : ''}${accepted})`
      + `${outcome === 'incomplete' ? ': nothing failed, but not everything could be verified (exit 3; --accept-incomplete accepts it)' : ''}; `
      + `${report.errors.length > 0 ? `${report.errors.length} errors outside specs, ` : ''}`
      + `${requirements['out-of-scope'] > 0 ? `${requirements['out-of-scope']} requirements out of scope, ` : ''}${requirements.pending} pending, ${requirements.unspecified} unspecified by the documents`,
  ];
}

const MAX_LISTED_REASONS = 5;

/** Why gated specs were not verified, most frequent reason first (none when the run verified everything it gates on). */
function incompleteLines(report: Report): string[] {
  const { incomplete } = report.verdicts;
  if (incomplete.specs === 0) return [];
  const more = incomplete.reasons.length - MAX_LISTED_REASONS;
  return [
    `specgate: not verified, for reasons the target did not declare (${incomplete.specs} gated specs):`,
    ...incomplete.reasons.slice(0, MAX_LISTED_REASONS).map(({ reason, specs }) => `specgate:   ${String(specs).padStart(4)}  ${reason}`),
    ...(more > 0 ? [`specgate:         and ${more} more reason${more === 1 ? '' : 's'} (summary.md lists every skipped spec)`] : []),
  ];
}

const MAX_LISTED_FAILURES = 20;

export function printFailures(report: Report): void {
  // Gated failures first: they decide the exit code.
  const gated = (test: Report['tests'][number]) => report.verdicts.gate === 'extended' || test.profile === 'core';
  const failed = report.tests.filter((t) => t.status === 'failed').sort((a, b) => Number(gated(b)) - Number(gated(a)));
  if (failed.length === 0) return;
  process.stdout.write(`\nspecgate: failed specs${failed.length > MAX_LISTED_FAILURES ? ` (first ${MAX_LISTED_FAILURES} of ${failed.length})` : ''}:\n`);
  for (const test of failed.slice(0, MAX_LISTED_FAILURES)) {
    const notes = [test.known && 'known', !gated(test) && 'production convention, not gated'].filter(Boolean);
    process.stdout.write(`  ${test.name} [${test.requirements.join(', ')}]${notes.length > 0 ? ` (${notes.join('; ')})` : ''}\n    ${(test.error ?? '').split('\n')[0]}\n`);
  }
}

/** Spec files that did not load and test workers that died: each fails the run (exit 1). */
export function printErrors(report: Report): void {
  const { errors } = report;
  if (errors.length === 0) return;
  process.stdout.write(`\nspecgate: errors outside specs${errors.length > MAX_LISTED_FAILURES ? ` (first ${MAX_LISTED_FAILURES} of ${errors.length})` : ''}:\n`);
  for (const error of errors.slice(0, MAX_LISTED_FAILURES)) process.stdout.write(`  ${error.file}: ${error.error.split('\n')[0]}\n`);
}

/** A run gated on a baseline: its known, new and fixed failures, each new one and stale entry named. */
export function printBaseline(report: Report): void {
  const { baseline } = report;
  if (!baseline) return;
  process.stdout.write(`\nspecgate: baseline ${baseline.file}: ${baseline.known} known, ${baseline.new} new, ${baseline.fixed} fixed\n`);
  for (const name of baseline.newFailures) process.stdout.write(`specgate: new failure: ${name}\n`);
  for (const entry of baseline.staleEntries) process.stdout.write(`specgate: stale baseline entry (now passes; remove it or run --update-baseline): ${entry}\n`);
}
