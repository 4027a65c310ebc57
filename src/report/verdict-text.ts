// The words of the verdicts, shared by the terminal, summary.md and report.html, so that the three
// say the same thing with the same numbers: the core line, the conventions line, one line saying how
// the totals relate, what an incomplete or interrupted run means for the outcome.

import type { Report } from './model.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The core requirements in scope and what was found of them, adding up to the number in scope:
 * "268 of 268 passed (183 by core specs, 85 only through production conventions), 0 failed, 0 not verified".
 */
export function coreRequirementsText(report: Report): string {
  const { core } = report.verdicts;
  const via = core.throughConventions;
  const passed = core.requirements.passed + via.passed;
  const failed = core.requirements.failed + via.failed;
  const skipped = core.requirements.skipped + via.skipped;
  const notRun = core.inScope - passed - failed - skipped;
  const timedOut = report.requirements.filter((r) => r.profile === 'core' && r.byProfile.core === 'skipped' && r.notVerifiedReason === 'timed out').length;
  const setUp = report.requirements.filter((r) => r.profile === 'core' && r.byProfile.core === 'skipped' && r.notVerifiedReason === 'set-up error').length;
  const reasons = [timedOut > 0 && `${timedOut} timed out`, setUp > 0 && `${setUp} by set-up errors`].filter(Boolean).join(', ');
  const split = core.onlyThroughConventions > 0 ? ` (${core.requirements.passed} by core specs, ${via.passed} only through production conventions)` : '';
  return `${passed} of ${core.inScope} passed${split}, ${failed} failed, ${skipped} not verified${reasons !== '' ? ` (${reasons})` : ''}${notRun > 0 ? `, ${notRun} not run` : ''}`;
}

const specCounts = (specs: { passed: number; failed: number; skipped: number; errors: number }): string =>
  `${specs.passed} passed, ${specs.failed} failed, ${specs.skipped} skipped${specs.errors > 0 ? `, ${plural(specs.errors, 'set-up error')} (not verified; the run fails for them)` : ''}`;

/** "The documents (core, gated): core requirements …; core specs …". */
export function coreVerdictText(report: Report): string {
  const { core, gate } = report.verdicts;
  return `The documents (core${gate === 'core' ? ', gated' : ''}): core requirements ${coreRequirementsText(report)}; core specs ${specCounts(core.specs)}.`;
}

/** "Production conventions (extended, not gated): matches 167 of 167 checked; extended specs …". */
export function conventionsVerdictText(report: Report): string {
  const { extended, gate } = report.verdicts;
  return `Production conventions (extended, ${gate === 'extended' ? 'gated' : 'not gated'}): matches ${extended.matched} of ${extended.of} checked; extended specs ${specCounts(extended.specs)}.`;
}

/** How the totals of the first screen relate: specs to requirements, core to extended, what the gate counts. */
export function totalsRelationText(report: Report): string {
  const { summary, verdicts } = report;
  const counts = summary.requirements;
  const catalog = Object.values(counts).reduce((a, b) => a + b, 0);
  const inScope = counts.passed + counts.failed + counts.skipped + counts['not-run'];
  const outside = [[counts.unspecified, 'unspecified by the documents'], [counts['out-of-scope'], 'out of scope'], [counts.pending, 'pending']]
    .filter(([n]) => (n as number) > 0).map(([n, what]) => `${n} ${what}`);
  const gated = verdicts.gate === 'core' ? 'core specs only' : 'core and extended specs';
  return `How these relate: ${plural(summary.total, 'spec')} in all = ${verdicts.core.specs.total} core + ${verdicts.extended.specs.total} extended. `
    + `The catalog's ${catalog} requirements: ${inScope} in scope (${verdicts.core.inScope} core, ${inScope - verdicts.core.inScope} extended)${outside.length > 0 ? `, ${outside.join(', ')}` : ''}; `
    + `a requirement passes when every spec citing it passed. `
    + `Core requirements the documents give no way to reach are verified by extended specs (only through production conventions): they count toward compliance, not the gate, which counts ${gated}. `
    + `The conventions line counts every requirement extended specs check, core ones too.`;
}

/** What the gated specs left unverified mean for the outcome, by outcome. */
export function incompleteConsequence(report: Report): string {
  const { incomplete, outcome } = report.verdicts;
  if (outcome === 'interrupted') return 'the run was interrupted before it could say (exit 130)';
  if (outcome === 'failed') return 'the outcome is failed all the same (exit 1): a gated spec failed, a spec\'s set-up did not happen, or a spec file did not load';
  if (incomplete.accepted) return 'accepted (--accept-incomplete)';
  return 'so the outcome is incomplete, not passed (exit 3; --accept-incomplete accepts it)';
}

/** For an interrupted run: when, what the report holds, and what it is not. */
export function interruptedText(report: Report): string | null {
  const interrupted = report.run.interrupted;
  if (!interrupted) return null;
  return `Interrupted (${interrupted.signal} at ${interrupted.at.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')}): this partial report holds the ${plural(report.summary.total, 'spec')} that finished; `
    + `${interrupted.unfinishedSpecs} under way ${interrupted.unfinishedSpecs === 1 ? 'was' : 'were'} left out, and requirements no finished spec reached are "not run". No verdict (exit 130).`;
}

const MOST_REQUESTED_AREAS = 3;

/**
 * What the run sent, when its specs count requests (zone API specs do; storage specs send none):
 * "2835 to the API and 664 to the control API (3499 in all); most by area: firewall-rules 706,
 * custom-hostnames 687, waf-migration 575 (every area in report.json)". A production account's
 * budget is counted in API requests, so they come first.
 */
export function requestsText(report: Report): string | null {
  const requests = report.run.requests;
  if (requests === undefined) return null;
  const areas = report.areas.filter((a) => (a.requests?.api ?? 0) > 0).sort((a, b) => b.requests!.api - a.requests!.api);
  const most = areas.slice(0, MOST_REQUESTED_AREAS).map((a) => `${a.area} ${a.requests!.api}`).join(', ');
  return `${requests.api} to the API and ${requests.control} to the control API (${requests.total} in all)`
    + `${most ? `; most by area: ${most}${areas.length > MOST_REQUESTED_AREAS ? ' (every area in report.json)' : ''}` : ''}`;
}

/**
 * How a run with a request budget (--budget; 1,200 by default against a target given by URL or
 * image) spent it: "1102 of 1200 API requests to reference (--budget); the 5 model and property
 * specs sized by it ran 61 of 153 cases drawn". With several targets, the one that got the most.
 * Null for an unbounded run (the bundled reference's default).
 */
export function budgetText(report: Report): string | null {
  const budgeted = report.run.targets.filter((t) => t.suite === 'zone-api' && typeof t.requestBudget === 'number');
  if (budgeted.length === 0) return null;
  // A run's only zone API target names its specs' target 'zone-api'; each of several, zone-api@<name>.
  const of = (name: string) => (t: { target: string }) => t.target === 'zone-api' || t.target === `zone-api@${name}`;
  const spent = (name: string) => report.tests.filter(of(name)).reduce((sum, t) => sum + (t.requests ?? 0), 0);
  const most = budgeted.map((t) => ({ target: t, api: spent(t.name) })).sort((a, b) => b.api - a.api)[0]!;
  const sized = report.tests.filter(of(most.target.name)).filter((t) => t.sized);
  const cases = sized.reduce((sum, t) => sum + t.sized!.cases, 0);
  const drawn = sized.reduce((sum, t) => sum + t.sized!.drawn, 0);
  // What was sent outside any spec (the preflight) counts against the quota too: with one zone API
  // target it is that target's, with several it is told apart (the run does not split it by target).
  const outside = (report.run.requests?.api ?? 0) - report.tests.reduce((sum, t) => sum + (t.requests ?? 0), 0);
  const single = report.run.targets.filter((t) => t.suite === 'zone-api').length === 1;
  const api = most.api + (single ? outside : 0);
  return `${api} of ${most.target.requestBudget} API requests${budgeted.length > 1 ? ` to ${most.target.name}, the target that got the most` : ''} (--budget)`
    + (outside > 0 ? (single ? `, ${outside} of them outside the specs (the preflight)` : `, and ${outside} outside the specs (the preflight) to the targets together`) : '')
    + (sized.length > 0 ? `; ${sized.length === 1 ? 'the model or property spec' : `the ${sized.length} model and property specs`} sized by it ran ${cases} of ${drawn} cases drawn` : '');
}
