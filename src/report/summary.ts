// summary.md: the run for people who read it in a CI log or a pull request (areas and
// compliance, the verdicts, failures with their last exchange, skip reasons, the schedule).

import { causeCount, stepUnder, type FailureCause } from './causes.js';
import { replayCommand } from './replay.js';
import { describeAdapterTarget } from './runtime-description.js';
import { budgetText, conventionsVerdictText, coreVerdictText, incompleteConsequence, interruptedText, requestsText, totalsRelationText } from './verdict-text.js';
import type { AreaSummary, Report, ReportTest } from './model.js';

function describeTarget(target: Report['run']['targets'][number]): string {
  if (target.suite === 'zone-api') return `${target.name}${target.baseUrl ? ` (${target.baseUrl})` : ''}${target.controlUrl ? `, control API at ${target.controlUrl}` : target.control ? ', with its control API' : ', no control API'}`;
  return describeAdapterTarget(target);
}

const percent = (value: number | null): string => (value === null ? '—' : `${value}%`);

function areaState(area: AreaSummary): string {
  if (area.state === 'pending') return `pending: ${area.pendingReason}`;
  if (area.state === 'out-of-scope') return `out of scope: ${area.outOfScopeReason}`;
  return 'covered';
}

/** The two verdicts, the gated one first, then what they leave unverified and how the totals relate. */
function verdictMarkdown(report: Report): string[] {
  const { gate, outcome, incomplete } = report.verdicts;
  const interrupted = interruptedText(report);
  const unverified = incomplete.specs === 0 ? [] : [
    `- Not verified, for reasons the target did not declare: ${incomplete.specs} gated specs (${incompleteConsequence(report)}):`,
    ...incomplete.reasons.map(({ reason, specs }) => `  - ${specs} × ${reason}`),
  ];
  return [
    `**Verdict: ${outcome} (gate: ${gate}).**`,
    ...(interrupted ? ['', interrupted] : []),
    '',
    `- ${coreVerdictText(report)}`,
    `- ${conventionsVerdictText(report)}`,
    ...unverified,
  ];
}

const LISTED_PER_CAUSE = 50;

/** A spec under its cause: name, requirements, and what sets it apart (known, not gated). */
function requirementsNote(test: ReportTest): string {
  return `${test.requirements.join(', ')}${test.profile === 'extended' ? ' (production convention)' : ''}${test.known ? ` (known failure: ${test.known.reason})` : ''}`;
}

/** The first spec of a cause, in full: its error, last exchange and the command that replays it. */
function failureInFull(report: Report, test: ReportTest): string[] {
  const lines = [`#### ${test.name}`, '', `Requirements: ${requirementsNote(test)}`, '', '```', (test.error ?? '').trim(), '```'];
  if (test.exchange) lines.push('', 'Last exchange:', '', '```', test.exchange, '```');
  lines.push('', `Replay${test.seed !== undefined ? ` (property seed ${test.seed})` : ''}: \`${replayCommand(report, test)}\``);
  return lines;
}

function causeSection(report: Report, cause: FailureCause, index: number, byName: ReadonlyMap<string, ReportTest>): string[] {
  const [first, ...others] = cause.tests.map((name) => byName.get(name)).filter((t) => t !== undefined);
  const lines = [`### ${index + 1}. ${cause.label}`, ''];
  if (cause.tests.length > 1 || cause.gated === 0) lines.push(`${causeCount(cause)}.`, '');
  if (first) lines.push(...failureInFull(report, first), '');
  if (others.length > 0) {
    // Under an answer, each spec's first line says what it was doing when it got it.
    const step = (test: ReportTest) => {
      const line = stepUnder(cause, test.error);
      return line === '' ? '' : ` — ${line}`;
    };
    lines.push('The other specs with this cause:', '', ...others.slice(0, LISTED_PER_CAUSE).map((t) => `- ${t.name}: ${requirementsNote(t)}${step(t)}`));
    if (others.length > LISTED_PER_CAUSE) lines.push(`- … and ${others.length - LISTED_PER_CAUSE} more: report.html, report.json`);
    lines.push('');
  }
  return lines;
}

/** The failures grouped by cause (report/causes.ts): each cause a heading, its first spec in full, the others listed. */
function failureSection(report: Report): string[] {
  const causes = report.causes.filter((cause) => cause.kind !== 'set-up');
  if (causes.length === 0) return [];
  const byName = new Map(report.tests.map((t) => [t.name, t]));
  const failed = causes.reduce((n, c) => n + c.tests.length, 0);
  return [
    '', `## Failures (${failed} spec${failed === 1 ? '' : 's'}, ${causes.length} cause${causes.length === 1 ? '' : 's'})`, '',
    'Grouped by cause: what the target answered (HTTP status and error codes) or the failure\'s message; the causes of the most gated failures first. Every failure in full: report.html, report.json.',
    '',
    ...causes.flatMap((cause, i) => causeSection(report, cause, i, byName)),
  ];
}

/** Specs whose set-up did not happen, apart from the failures: what they cite is not verified, and the run fails for them. */
function setUpErrorSection(report: Report): string[] {
  const causes = report.causes.filter((cause) => cause.kind === 'set-up');
  if (causes.length === 0) return [];
  const byName = new Map(report.tests.map((t) => [t.name, t]));
  const errored = causes.reduce((n, c) => n + c.tests.length, 0);
  return [
    '', `## Set-up errors (${errored} spec${errored === 1 ? '' : 's'}, ${causes.length} cause${causes.length === 1 ? '' : 's'})`, '',
    'The object under test was not made or not restarted (the adapter\'s create() or restart() threw or did not settle): these specs found nothing about what they cite, which is not verified, not failed. The run fails for them.',
    '',
    ...causes.flatMap((cause, i) => causeSection(report, cause, i, byName)),
  ];
}

export function summaryMarkdown(report: Report): string {
  const { summary, run } = report;
  const lines = [
    `# specgate conformance report`,
    '',
    ...run.targets.map((t) => `- Target (${t.suite}): ${describeTarget(t)}`),
    `- Run: ${run.id}, ${run.startedAt}, ${(run.durationMs / 1000).toFixed(1)} s; suites: ${run.suites.join(', ')}${run.grep ? `; grep: ${run.grep}` : ''}`,
    `- Seed: ${run.seed} (replay with \`--seed ${run.seed}\`)`,
    ...(requestsText(report) ? [`- Requests: ${requestsText(report)}`] : []),
    ...(budgetText(report) ? [`- Budget: ${budgetText(report)}`] : []),
    '',
    ...verdictMarkdown(report),
    '',
    `Specs in all: ${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped${summary.errors > 0 ? `, ${summary.errors} set-up errors` : ''}, of ${summary.total}.`,
    '',
    `Requirements, each counted once: ${Object.entries(summary.requirements).map(([status, n]) => `${n} ${status}`).join(', ')}.`,
    '',
    totalsRelationText(report),
    '',
    '## Areas',
    '',
    'Compliance is conformance to the document: the share of the area\'s core requirements found passed, by core specs or, where the document gives no way to reach them, only through production conventions (the column after it; the gate does not count those). Conventions: production conventions matched, of those checked.',
    '',
    '| Area | Suite | State | Compliance | Only through conventions | Passed | Failed | Skipped | Not run | Unspecified | must passed | Conventions |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...report.areas.map((a) => `| ${a.area} | ${a.suite} | ${areaState(a)} | ${percent(a.compliance)} | ${a.core.throughConventions.passed > 0 ? `${a.core.throughConventions.passed} of ${a.core.requirements}` : '—'} | ${a.passed} | ${a.failed} | ${a.skipped} | ${a.notRun} | ${a.unspecified} | ${a.byLevel.must ? `${a.byLevel.must.passed}/${a.byLevel.must.requirements}` : '—'} | ${a.conventions.of > 0 ? `${a.conventions.matched}/${a.conventions.of}` : '—'} |`),
  ];
  if (report.baseline) {
    const { baseline } = report;
    lines.push('', `## Baseline gate: ${baseline.new === 0 && baseline.fixed === 0 ? 'passed' : 'failed'}`, '',
      `${baseline.file}: ${baseline.known} known, ${baseline.new} new, ${baseline.fixed} fixed (stale entries).`,
      ...baseline.newFailures.map((name) => `- new failure: ${name}`),
      ...baseline.staleEntries.map((entry) => `- stale entry, now passes: ${entry}`));
  }
  lines.push(...failureSection(report), ...setUpErrorSection(report));
  const skipped = report.tests.filter((t) => t.status === 'skipped');
  if (skipped.length > 0) {
    lines.push('', '## Skipped (not verified)', '', ...skipped.map((t) => `- ${t.name}: ${t.skipReason}`));
  }
  if (report.errors.length > 0) {
    lines.push('', '## Errors outside specs', '', ...report.errors.map((e) => `- ${e.file}: ${e.error}`));
  }
  if (report.coverageProblems.length > 0) {
    lines.push('', '## Catalog and specs out of step', '', ...report.coverageProblems.map((p) => `- ${p.kind}: ${p.detail}`));
  }
  if (report.schedule) {
    lines.push('', '## Deprecation schedule', '', '| Date | Subject | After the date |', '|---|---|---|',
      ...report.schedule.map((r) => `| ${r.date} | ${r.subject} | ${r.status === 'not stated' ? 'behaviour not stated' : r.status} |`));
  }
  const unspecified = report.requirements.filter((r) => r.status === 'unspecified');
  lines.push('', `## Unspecified by the spec (${unspecified.length}, never asserted)`, '', ...unspecified.map((r) => `- ${r.id} (${r.area}): ${r.text}`), '');
  return lines.join('\n');
}
