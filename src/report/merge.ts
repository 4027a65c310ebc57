// Merges the reports of the shards of one run (a CI matrix: `--shard i/n`, or one job per storage
// adapter) into the report of the whole run. Tests, errors and targets are united; everything
// derived from them (summary, areas, requirement statuses, the golden coverage check) is computed
// again with `buildReport`, so a merged report reads exactly like the report of a single run.

import { SUITES, type SuiteName } from '../catalog/suites.js';
import { isEverything } from '../core/selection.js';
import type { NotApplicableSpec } from '../core/records.js';
import { UsageError } from '../core/errors.js';
import { buildReport, gatedOutcome, REPORT_FORMAT, type BaselineOutcome, type Report, type ReportTest, type RunTarget, type Selection } from './model.js';

export function mergeReports(reports: Report[]): Report {
  const first = reports[0];
  if (!first) throw new UsageError('merge needs at least one report');
  refuseMismatches(reports);
  const run = mergedRun(reports);
  const report = buildReport({
    version: first.specgate.version,
    run,
    suites: (run.suites as SuiteName[]).map((name) => ({ name, catalog: SUITES[name].catalog, ...(SUITES[name].pending && { pending: SUITES[name].pending }) })),
    tests: unitedTests(reports),
    fileErrors: reports.flatMap((r) => r.errors),
    notApplicable: outOfScopeOf(reports),
    gate: first.verdicts.gate,
    // An incomplete run is accepted only when every shard accepted it.
    acceptIncomplete: reports.every((r) => r.verdicts.incomplete.accepted),
    checkCoverage: reports.every(unfilteredButSharded) && missingShards(reports).length === 0,
    ...outsideSpecsOf(reports),
  });
  const baseline = mergedBaseline(reports);
  if (!baseline || run.interrupted) return report;
  const failed = baseline.new > 0 || baseline.fixed > 0 || report.errors.length > 0;
  return { ...report, baseline, verdicts: { ...report.verdicts, outcome: gatedOutcome(failed, report.verdicts.incomplete) } };
}

/** The requests each shard sent outside its specs (its run's, less its specs'), together. */
function outsideSpecsOf(reports: Report[]): { requestsOutsideSpecs?: { api: number; control: number } } {
  const counted = reports.filter((r) => r.run.requests !== undefined);
  if (counted.length === 0) return {};
  const sum = (of: (r: Report) => number) => counted.reduce((n, r) => n + of(r), 0);
  const specs = (r: Report, of: (t: ReportTest) => number | undefined) => r.tests.reduce((n, t) => n + (of(t) ?? 0), 0);
  return { requestsOutsideSpecs: {
    api: sum((r) => r.run.requests!.api - specs(r, (t) => t.requests)),
    control: sum((r) => r.run.requests!.control - specs(r, (t) => t.controlRequests)),
  } };
}

/** What a shard found out of its targets' scope (a requirement another shard verifies is not). */
function outOfScopeOf(reports: Report[]): NotApplicableSpec[] {
  return reports.flatMap((r) => r.requirements.filter((q) => q.status === 'out-of-scope')
    .map((q) => ({ name: q.id, target: '', requirements: [q.id], reason: q.outOfScopeReason ?? 'out of scope' })));
}

/** Shards of one run agree on everything but the shard: otherwise the merged header would lie. */
function refuseMismatches(reports: Report[]): void {
  const facets: [string, (r: Report) => unknown][] = [
    ['format', (r) => r.specgate.format],
    ['gate', (r) => r.verdicts?.gate],
    ['specgate version', (r) => r.specgate.version],
    ['seed', (r) => r.run.seed],
    ['suites', (r) => [...r.run.suites].sort().join(', ')],
    ['grep', (r) => r.run.grep],
    ['selection', (r) => ({ ...r.run.selection, shard: null })],
  ];
  for (const [facet, of] of facets) {
    const values = [...new Set(reports.map((r) => canonical(of(r))))];
    if (values.length > 1) throw new UsageError(`cannot merge reports of different ${facet}: ${values.join(' vs ')}`);
  }
  const format = reports[0]!.specgate.format;
  // buildReport writes the current format: an older shard would be silently reinterpreted.
  if (format !== REPORT_FORMAT) throw new UsageError(`cannot merge reports of format ${format}; this specgate writes format ${REPORT_FORMAT}`);
}

/**
 * The whole run: from the first start to the last finish. durationMs is the SUM of the shards'
 * durations (the work done); the wall-clock span is finishedAt − startedAt.
 */
function mergedRun(reports: Report[]): Report['run'] {
  const first = reports[0]!.run;
  const times = (pick: (r: Report) => string) => reports.map(pick).sort((a, b) => Date.parse(a) - Date.parse(b));
  return {
    id: reports.map((r) => r.run.id).join('+'),
    startedAt: times((r) => r.run.startedAt)[0]!,
    finishedAt: times((r) => r.run.finishedAt).at(-1)!,
    durationMs: reports.reduce((sum, r) => sum + r.run.durationMs, 0),
    targets: unitedTargets(reports),
    suites: first.suites,
    grep: first.grep,
    selection: { ...first.selection, shard: null } satisfies Selection,
    seed: first.seed,
    ...interruptedOf(reports),
  };
}

/** A shard that was interrupted leaves the merged run interrupted (the first interrupt, every shard's unfinished specs). */
function interruptedOf(reports: Report[]): Pick<Report['run'], 'interrupted'> {
  const interrupts = reports.map((r) => r.run.interrupted).filter((i) => i !== undefined).sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  if (interrupts.length === 0) return {};
  return { interrupted: { ...interrupts[0]!, unfinishedSpecs: interrupts.reduce((n, i) => n + i.unfinishedSpecs, 0) } };
}

/**
 * A spec in several shards is a sharding bug unless it came out the same (durations aside).
 * Specs are told apart by name and file: a name alone is not unique in a run.
 */
function unitedTests(reports: Report[]): ReportTest[] {
  const byName = new Map<string, ReportTest>();
  for (const test of reports.flatMap((r) => r.tests)) {
    const key = `${test.name}\u0000${test.file}`;
    const seen = byName.get(key);
    if (!seen) byName.set(key, test);
    else if (canonical(comparable(seen)) !== canonical(comparable(test))) {
      throw new UsageError(`cannot merge: spec "${test.name}" is in several reports with different results (${seen.status}, ${test.status})`);
    }
  }
  return [...byName.values()];
}

const comparable = ({ durationMs: _duration, ...rest }: ReportTest): Omit<ReportTest, 'durationMs'> => rest;

function unitedTargets(reports: Report[]): RunTarget[] {
  const byKey = new Map<string, RunTarget>();
  for (const target of reports.flatMap((r) => r.run.targets)) {
    const key = `${target.suite}/${target.name}`;
    const seen = byKey.get(key);
    if (!seen) byKey.set(key, target);
    else if (canonical(seen) !== canonical(target)) throw new UsageError(`cannot merge: target ${key} is described differently in two reports`);
  }
  return [...byKey.values()];
}

/** The golden check means something only when no shard was filtered by anything but its shard. */
function unfilteredButSharded(report: Report): boolean {
  return report.run.grep === null && isEverything({ ...report.run.selection, shard: null });
}

/** Shards ("i/n") absent from a set of sharded reports: without them the merged run is incomplete. */
export function missingShards(reports: Report[]): string[] {
  const shards = reports.map((r) => r.run.selection.shard).filter((s) => s !== null);
  const totals = [...new Set(shards.map((s) => s.total))];
  return totals.flatMap((total) => Array.from({ length: total }, (_, i) => i + 1)
    .filter((index) => !shards.some((s) => s.total === total && s.index === index))
    .map((index) => `${index}/${total}`));
}

/**
 * Shards gated on the same baseline: known and new failures add up; an entry is stale only when
 * it is stale in every shard (each shard sees only its own specs failing).
 */
function mergedBaseline(reports: Report[]): BaselineOutcome | undefined {
  const outcomes = reports.map((r) => r.baseline);
  if (outcomes.every((b) => b === undefined)) return undefined;
  const files = [...new Set(outcomes.map((b) => b?.file ?? '(none)'))];
  if (files.length > 1) throw new UsageError(`cannot merge reports gated on different baselines: ${files.join(' vs ')}`);
  const gated = outcomes as BaselineOutcome[];
  const staleEntries = gated[0]!.staleEntries.filter((entry) => gated.every((b) => b.staleEntries.includes(entry)));
  return {
    file: files[0]!,
    known: gated.reduce((n, b) => n + b.known, 0),
    new: gated.reduce((n, b) => n + b.new, 0),
    fixed: staleEntries.length,
    newFailures: gated.flatMap((b) => b.newFailures),
    staleEntries,
  };
}

/** JSON with sorted keys: equality of plain data regardless of key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
    : v));
}

/**
 * Reports given more than once: the same shard ("i/n") twice, or the same run twice. Each as "what
 * (which of the given names)", `names` being how the user named the reports, in their order.
 */
export function repeatedReports(reports: Report[], names: string[]): string[] {
  const repeated = (label: (r: Report) => string | undefined, what: string) => {
    const byLabel = new Map<string, string[]>();
    reports.forEach((report, i) => {
      const key = label(report);
      if (key !== undefined) byLabel.set(key, [...(byLabel.get(key) ?? []), names[i]!]);
    });
    return [...byLabel].filter(([, given]) => given.length > 1).map(([key, given]) => `${what} ${key} (${given.join(', ')})`);
  };
  const shardOf = (r: Report) => (r.run.selection.shard ? `${r.run.selection.shard.index}/${r.run.selection.shard.total}` : undefined);
  const byShard = repeated(shardOf, 'shard');
  return byShard.length > 0 ? byShard : repeated((r) => r.run.id, 'run');
}
