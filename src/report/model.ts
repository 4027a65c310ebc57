// The report of one run (report.json), built from the collected tests and the catalog.
// A requirement passes only when every spec citing it passed; a spec skipped for lack of a
// capability leaves its requirements "skipped" (not verified), never "passed".

import { checkCoverage, type CoverageProblem } from '../catalog/coverage.js';
import { rowStatus, type AfterDate, type ScheduleRow, type ScheduleStatus } from '../catalog/schedule.js';
import type { AreaCatalog, Level, Profile } from '../catalog/types.js';
import type { FileError, TestRecord, TestStatus } from '../runner/collector.js';

export const REPORT_FORMAT = 2;

export type RequirementStatus = 'passed' | 'failed' | 'skipped' | 'not-run' | 'pending' | 'unspecified';

export interface ReportTest extends TestRecord {
  area: string;
  /** For a failed spec under a baseline: listed there as a known failure, with its reason. */
  known?: { reason: string };
}

/** Which specs a run selected (all of them when every list is empty and there is no shard). */
export interface Selection {
  /** core: only specs all of whose requirements are stated by the spec; extended: all specs. */
  profile: 'core' | 'extended';
  areas: string[];
  /** Requirement IDs or globs (`ZM-FW-*`). */
  requirements: string[];
  levels: string[];
  /** This run is shard `index` of `total` (1-based). */
  shard: { index: number; total: number } | null;
}

/** The outcome of gating a run on a baseline of known failures. */
export interface BaselineOutcome {
  file: string;
  /** Failed specs the baseline lists (by spec name or by one of their requirements). */
  known: number;
  /** Failed specs the baseline does not list: they fail the gate. */
  new: number;
  /** Baseline entries that no longer fail (stale): they fail the gate until removed. */
  fixed: number;
  newFailures: string[];
  staleEntries: string[];
}

export interface ReportRequirement {
  id: string;
  area: string;
  level: Level;
  profile: Profile;
  section: string;
  text: string;
  status: RequirementStatus;
  tests: string[];
  pendingReason?: string;
}

export interface AreaSummary {
  area: string;
  suite: string;
  state: 'covered' | 'pending';
  pendingReason?: string;
  /** Requirements that can be verified (not unspecified). */
  requirements: number;
  passed: number;
  failed: number;
  skipped: number;
  notRun: number;
  unspecified: number;
  /** passed / verifiable requirements, in percent; null for a pending area. */
  compliance: number | null;
  byLevel: Partial<Record<Level, { requirements: number; passed: number }>>;
}

/** One target of a run: the zone API target, or a storage adapter. */
export interface RunTarget {
  suite: string;
  name: string;
  baseUrl?: string;
  control?: boolean;
  /** A storage adapter's declared capabilities. */
  capabilities?: Record<string, boolean>;
}

export interface Report {
  specgate: { version: string; format: number };
  run: {
    id: string;
    startedAt: string;
    finishedAt: string;
    durationMs: number;
    targets: RunTarget[];
    suites: string[];
    grep: string | null;
    selection: Selection;
    seed: number;
    /** The date the zone API target ran at (--as-of, or the target's own clock). */
    asOf?: string;
    /** Whether the target's clock could be set (else one side of each dated change is not verified). */
    clockSettable?: boolean;
  };
  summary: {
    passed: number;
    failed: number;
    skipped: number;
    total: number;
    requirements: Record<RequirementStatus, number>;
  };
  areas: AreaSummary[];
  tests: ReportTest[];
  requirements: ReportRequirement[];
  coverageProblems: CoverageProblem[];
  errors: FileError[];
  /** Present when the run was gated on a baseline (--baseline). */
  baseline?: BaselineOutcome;
  /** The deprecation schedule, row by row (runs of the zone API suite). */
  schedule?: ReportScheduleRow[];
}

/** One row of the Versioning table and what this run found about it. */
export interface ReportScheduleRow {
  date: string;
  subject: string;
  change: string;
  endpoints: number;
  afterDate: AfterDate;
  requirements: string[];
  status: ScheduleStatus;
}

export interface ReportInput {
  version: string;
  run: Report['run'];
  suites: { name: string; catalog: AreaCatalog[]; pending?: string }[];
  tests: TestRecord[];
  fileErrors: FileError[];
  /** The golden coverage check only means something on an unfiltered run. */
  checkCoverage: boolean;
  /** What the coverage check counts as specs: every spec of the run's files, also those left out (default: the tests). */
  citing?: { name: string; requirements: string[] }[];
  /** The deprecation schedule, when the run covers the zone API. */
  schedule?: ScheduleRow[];
}

export function buildReport(input: ReportInput): Report {
  const catalogs = input.suites.flatMap((s) => s.catalog);
  const areaOf = new Map(catalogs.flatMap((c) => c.requirements.map((r) => [r.id, r.area] as const)));
  const tests: ReportTest[] = input.tests.map((t) => ({ ...t, area: areaOf.get(t.requirements[0] ?? '') ?? 'unknown' }));
  const requirements = catalogs.flatMap((catalog) => catalog.requirements.map((r): ReportRequirement => {
    const citing = tests.filter((t) => t.requirements.includes(r.id));
    const row: ReportRequirement = {
      id: r.id, area: r.area, level: r.level, profile: r.profile, section: r.section, text: r.text,
      status: r.unspecified ? 'unspecified' : catalog.pending ? 'pending' : statusOf(citing.map((t) => t.status)),
      tests: citing.map((t) => t.name),
    };
    if (catalog.pending && !r.unspecified) row.pendingReason = catalog.pending;
    return row;
  }));
  const areas = input.suites.flatMap((suite) => suite.catalog.map((catalog) => summarizeArea(suite.name, catalog, requirements)));
  const count = (status: TestStatus) => tests.filter((t) => t.status === status).length;
  const requirementCounts = Object.fromEntries((['passed', 'failed', 'skipped', 'not-run', 'pending', 'unspecified'] as const)
    .map((s) => [s, requirements.filter((r) => r.status === s).length])) as Record<RequirementStatus, number>;
  return {
    specgate: { version: input.version, format: REPORT_FORMAT },
    run: input.run,
    summary: { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), total: tests.length, requirements: requirementCounts },
    areas,
    tests,
    requirements,
    coverageProblems: input.checkCoverage ? checkCoverage(catalogs, input.citing ?? tests) : [],
    errors: input.fileErrors,
    ...(input.schedule && { schedule: scheduleOf(input.schedule, requirements) }),
  };
}

function scheduleOf(rows: ScheduleRow[], requirements: ReportRequirement[]): ReportScheduleRow[] {
  const statusById = new Map(requirements.map((r) => [r.id, r.status]));
  return rows.map((row) => ({
    date: row.date,
    subject: row.subject,
    change: row.change,
    endpoints: row.endpoints.length,
    afterDate: row.afterDate,
    requirements: row.requirements,
    status: rowStatus(row, (id) => statusById.get(id)),
  }));
}

function statusOf(statuses: TestStatus[]): RequirementStatus {
  if (statuses.length === 0) return 'not-run';
  if (statuses.includes('failed')) return 'failed';
  if (statuses.includes('skipped')) return 'skipped';
  return 'passed';
}

function summarizeArea(suite: string, catalog: AreaCatalog, requirements: ReportRequirement[]): AreaSummary {
  const rows = requirements.filter((r) => r.area === catalog.area);
  const verifiable = rows.filter((r) => r.status !== 'unspecified');
  const tally = (status: RequirementStatus) => verifiable.filter((r) => r.status === status).length;
  const byLevel: AreaSummary['byLevel'] = {};
  for (const r of verifiable) {
    const entry = (byLevel[r.level] ??= { requirements: 0, passed: 0 });
    entry.requirements++;
    if (r.status === 'passed') entry.passed++;
  }
  const summary: AreaSummary = {
    area: catalog.area,
    suite,
    state: catalog.pending ? 'pending' : 'covered',
    requirements: verifiable.length,
    passed: tally('passed'),
    failed: tally('failed'),
    skipped: tally('skipped'),
    notRun: tally('not-run'),
    unspecified: rows.length - verifiable.length,
    compliance: catalog.pending || verifiable.length === 0 ? null : Math.round((1000 * tally('passed')) / verifiable.length) / 10,
    byLevel,
  };
  if (catalog.pending) summary.pendingReason = catalog.pending;
  return summary;
}
