// The report of one run (report.json), built from the collected tests and the catalog.
// A requirement passes only when every spec citing it passed; a spec skipped for lack of a
// capability leaves its requirements "skipped" (not verified), never "passed".
//
// Two verdicts. A spec is *core* when everything it relies on is stated by the documents, and
// *extended* when it checks a production convention they leave open (a requirement of the
// extended profile, or a core requirement reached through something "not shown"). The core
// verdict (conformance to the document) is what the headline, badge, summary line and exit code
// gate on by default; the extended one ("matches production conventions: X of Y") is reported
// beside it and gates only when the run asks for it (`--gate extended`).
//
// Incomplete is not passed. A gated spec skipped for a reason the target did not declare (no
// control API, no zone, a credential scheme not given, a clock that cannot be set) leaves its
// requirements unverified without anyone having said so: the outcome is then `incomplete` (exit 3),
// unless the run accepts it (--accept-incomplete). A skip that follows from what a storage adapter
// declares it lacks (`supports`) is the adapter author's statement, and keeps the outcome passed.

import { checkCoverage, type CoverageProblem } from '../catalog/coverage.js';
import { rowStatus, type AfterDate, type ScheduleRow, type ScheduleStatus } from '../catalog/deprecation-schedule.js';
import { sectionText, sourceKind, type AreaCatalog, type Level, type Profile, type Requirement, type SourceKind } from '../../requirements/model.js';
import type { Gate, Selection } from '../core/selection.js';
import type { RunTarget } from '../core/records.js';
import type { FileError, NotApplicableSpec, TestRecord, TestStatus } from '../core/records.js';
import { failureCauses, type FailureCause } from './causes.js';

export const REPORT_FORMAT = 7;

export type { Gate, Selection } from '../core/selection.js';
export type { RunTarget } from '../core/records.js';
export type { FailureCause } from './causes.js';

/** out-of-scope: every spec citing it was left out because the target declares it outside its scope. */
export type RequirementStatus = 'passed' | 'failed' | 'skipped' | 'not-run' | 'out-of-scope' | 'pending' | 'unspecified';
export const REQUIREMENT_STATUSES: readonly RequirementStatus[] = ['passed', 'failed', 'skipped', 'not-run', 'out-of-scope', 'pending', 'unspecified'];


export interface ReportTest extends TestRecord {
  area: string;
  /** core: relies only on what the documents state; extended: checks a production convention. */
  profile: Profile;
  /** For a failed spec under a baseline: listed there as a known failure, with its reason. */
  known?: { reason: string };
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

/**
 * Where a requirement's statement comes from: documented (its suite's spec document states it) or
 * a convention (reference-notes.md, the production service's; or a contract of specgate's docs/).
 */
export interface RequirementSource {
  kind: SourceKind;
  /** The document, as the catalog names it: `zone-management-api.md`, `reference-notes.md`, `docs/waf-migration-contract.md`, ... */
  document?: string;
}

export interface ReportRequirement {
  id: string;
  area: string;
  level: Level;
  profile: Profile;
  /** Where in its source document the statement is. */
  section: string;
  source: RequirementSource;
  text: string;
  status: RequirementStatus;
  /** Its status over the core specs citing it, and over the extended ones (absent when none of that profile cite it). */
  byProfile: Partial<Record<Profile, RequirementStatus>>;
  tests: string[];
  pendingReason?: string;
  /** Why it is out of scope for this run's targets. */
  outOfScopeReason?: string;
  /** Why it is not verified (status skipped), when a spec citing it timed out: "timed out"; or its set-up did not happen: "set-up error". */
  notVerifiedReason?: string;
}

export interface AreaSummary {
  area: string;
  suite: string;
  /** out-of-scope: every requirement of the area is out of the scope of this run's targets. */
  state: 'covered' | 'pending' | 'out-of-scope';
  pendingReason?: string;
  outOfScopeReason?: string;
  /** Requirements that can be verified (not unspecified). */
  requirements: number;
  passed: number;
  failed: number;
  skipped: number;
  notRun: number;
  outOfScope: number;
  unspecified: number;
  /**
   * Conformance to the document: of the area's core requirements in scope, the percentage found
   * passed: by its core specs, or, for those the document shows no way to reach, by the specs that
   * reach them through a production convention (`core.throughConventions`); null for a pending or
   * out-of-scope area, or one with no core requirement.
   */
  compliance: number | null;
  /**
   * Core requirements in scope (the base of `compliance`), and what core specs found of them:
   * passed, failed, skipped (not verified on this target); `throughConventions`: what extended
   * specs found of those no core spec reaches; the rest no spec ran.
   */
  core: { requirements: number; passed: number; failed: number; skipped: number; throughConventions: ConventionTally };
  /** Production conventions: requirements checked by extended specs that ran, and how many those matched. */
  conventions: { matched: number; of: number };
  byLevel: Partial<Record<Level, { requirements: number; passed: number }>>;
  /** What the area's specs sent (a zone API area): how the run's request budget was spent. */
  requests?: RequestTally;
}

/** Requests sent: to the targets' APIs, to their control APIs, and both. */
export interface RequestTally { api: number; control: number; total: number }

/** What extended specs found of core requirements no core spec reaches. */
export interface ConventionTally { passed: number; failed: number; skipped: number }

/** One verdict's tallies: the specs of its profile and what they found. */
export interface VerdictTally {
  /** errors: specs whose set-up did not happen (status error): none of them is a failure of a requirement. */
  specs: { passed: number; failed: number; skipped: number; errors: number; total: number };
  /** Requirements verified by specs of this profile: passed (matched), failed, skipped. */
  requirements: { passed: number; failed: number; skipped: number };
}

/** Gated specs that could not verify what they cite, for reasons the target did not declare. */
export interface Incompleteness {
  /** How many gated specs were skipped so. */
  specs: number;
  /** Each reason, with the number of gated specs it left unverified; most first. */
  reasons: { reason: string; specs: number }[];
  /** The run accepts it (--accept-incomplete, `acceptIncomplete` in the config file): the outcome stays passed. */
  accepted: boolean;
}

export type Outcome = 'passed' | 'failed' | 'incomplete' | 'interrupted';

/** The exit code of each outcome: interrupted is 130, as a shell reports a process Ctrl-C ended (128 + SIGINT). */
export const OUTCOME_EXIT_CODES = { passed: 0, failed: 1, incomplete: 3, interrupted: 130 } as const satisfies Record<Outcome, number>;

export interface Verdicts {
  /** What the exit code and badge gate on: core (the default) or extended (core and conventions). */
  gate: Gate;
  /**
   * The gated verdict: failed when a gated spec failed, a spec's set-up did not happen (an error,
   * whatever its profile), or a spec file did not load or its worker died (or, under a baseline,
   * when the gate did not pass); else incomplete when gated specs were
   * skipped for reasons the target did not declare and the run does not accept it; else passed.
   */
  outcome: Outcome;
  /** What left the gated verdict incomplete (specs 0: nothing). */
  incomplete: Incompleteness;
  /** Conformance to what the documents state. */
  core: VerdictTally & {
    /** Core requirements in scope of this run (not pending, unspecified or out of scope). */
    inScope: number;
    /** Of those, how many only extended specs verify (the document shows no way to reach them). */
    onlyThroughConventions: number;
    /** What those extended specs found of them: in scope = requirements (passed, failed, skipped) + onlyThroughConventions + the rest no spec ran. */
    throughConventions: ConventionTally;
  };
  /** Parity with the production service's conventions: "matches production conventions: matched of of". */
  extended: VerdictTally & { matched: number; of: number };
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
    /** The run was stopped after maxFailures gated failures (--bail, --max-failures): specs it never reached are absent. */
    stoppedEarly?: { maxFailures: number; failures: number; spec: string };
    /**
     * The run was interrupted (Ctrl-C: SIGINT, or SIGTERM) at `at`: the report holds the specs that
     * finished; `unfinishedSpecs` were under way and are left out (one that failed after the
     * interrupt too: the interrupt may be why). Its outcome is `interrupted` (exit 130).
     */
    interrupted?: { signal: 'SIGINT' | 'SIGTERM'; at: string; unfinishedSpecs: number };
    /**
     * The requests the run sent, every target together (a run with zone API specs): its specs'
     * (`tests[].requests`, `controlRequests`) plus those sent outside any spec (the preflight).
     */
    requests?: RequestTally;
  };
  verdicts: Verdicts;
  summary: {
    passed: number;
    failed: number;
    skipped: number;
    /** Specs whose set-up did not happen (status error). */
    errors: number;
    total: number;
    requirements: Record<RequirementStatus, number>;
  };
  areas: AreaSummary[];
  tests: ReportTest[];
  /** The failed specs grouped by cause (a shared answer of the target, or message), the cause first; the set-up errors under causes of their own (kind set-up). */
  causes: FailureCause[];
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
  /** Specs left out of a target's run as outside its declared scope. */
  notApplicable?: NotApplicableSpec[];
  /** The verdict the run gates on (default core). */
  gate?: Gate;
  /** Gated specs skipped for reasons the target did not declare do not make the outcome incomplete. */
  acceptIncomplete?: boolean;
  /** The golden coverage check only means something on an unfiltered run. */
  checkCoverage: boolean;
  /** The deprecation schedule, when the run covers the zone API. */
  schedule?: ScheduleRow[];
  /** Requests the run sent outside any spec (the preflight), counted into `run.requests`. */
  requestsOutsideSpecs?: { api: number; control: number };
}

export function buildReport(input: ReportInput): Report {
  const catalogs = input.suites.flatMap((s) => s.catalog);
  const byId = new Map(catalogs.flatMap((c) => c.requirements.map((r) => [r.id, r] as const)));
  const tests: ReportTest[] = input.tests.map((t) => ({ ...t, area: byId.get(t.requirements[0] ?? '')?.area ?? 'unknown', profile: profileOf(t, byId) }));
  const outOfScope = outOfScopeReasons(input.notApplicable ?? []);
  const requirements = catalogs.flatMap((catalog) => catalog.requirements.map((r) => requirementRow(r, catalog, tests, outOfScope)));
  const areas = input.suites.flatMap((suite) => suite.catalog.map((catalog) => withRequests(summarizeArea(suite.name, catalog, requirements), tests.filter((t) => t.area === catalog.area))));
  const requests = requestTally(tests, input.requestsOutsideSpecs);
  const count = (status: TestStatus) => tests.filter((t) => t.status === status).length;
  const requirementCounts = Object.fromEntries(REQUIREMENT_STATUSES.map((s) => [s, requirements.filter((r) => r.status === s).length])) as Record<RequirementStatus, number>;
  const gate = input.gate ?? 'core';
  return {
    specgate: { version: input.version, format: REPORT_FORMAT },
    run: { ...input.run, ...(requests && { requests }) },
    verdicts: verdictsOf(gate, tests, requirements, input.fileErrors.length, input.acceptIncomplete ?? false, input.run.interrupted !== undefined),
    summary: { passed: count('passed'), failed: count('failed'), skipped: count('skipped'), errors: count('error'), total: tests.length, requirements: requirementCounts },
    areas,
    tests,
    causes: failureCauses(tests, gate),
    requirements,
    // A spec left out as not applicable to a target (a local-development runtime's spec on the
    // reference) is still a spec citing its requirements: no drift between catalog and specs.
    coverageProblems: input.checkCoverage ? checkCoverage(catalogs, [...tests, ...(input.notApplicable ?? [])]) : [],
    errors: input.fileErrors,
    ...(input.schedule && { schedule: scheduleOf(input.schedule, requirements) }),
  };
}

/** A spec is extended when it says so (it relies on something not shown) or cites an extended requirement. */
function profileOf(test: TestRecord, byId: ReadonlyMap<string, Requirement>): Profile {
  return test.extendedReason !== undefined || test.requirements.some((id) => byId.get(id)?.profile === 'extended') ? 'extended' : 'core';
}

/** Requirement ID → why it is out of scope, for requirements every left-out spec citing it shares. */
function outOfScopeReasons(specs: NotApplicableSpec[]): Map<string, string> {
  const reasons = new Map<string, Set<string>>();
  for (const spec of specs) for (const id of spec.requirements) (reasons.get(id) ?? reasons.set(id, new Set()).get(id)!).add(spec.reason);
  return new Map([...reasons].map(([id, set]) => [id, [...set].sort().join('; ')]));
}

/**
 * The statuses the specs citing a requirement give it. A failed spec that names the requirements
 * its failure violated (a model-based spec) says nothing of its others: it does not count for
 * them, unless no other spec verifies them, which leaves them unverified (skipped), not failed.
 * A spec that timed out, or whose set-up did not happen (an error), verified nothing it cites: it
 * counts as skipped (not verified), so that a requirement another spec failed stays failed, and
 * one the others passed is not passed whole.
 */
function statusesFor(citing: TestRecord[], id: string): TestStatus[] {
  const silent = (t: TestRecord) => t.status === 'failed' && t.timedOut !== true && t.failedRequirements !== undefined && !t.failedRequirements.includes(id);
  const speaking = citing.filter((t) => !silent(t)).map((t): TestStatus => ((t.status === 'failed' && t.timedOut === true) || t.status === 'error' ? 'skipped' : t.status));
  return speaking.length === 0 && citing.length > 0 ? ['skipped'] : speaking;
}

/** Every catalog entry names its document (the golden check); one made up without it reads by its profile. */
function sourceOf(r: Requirement): RequirementSource {
  if (r.document === undefined) return { kind: r.profile === 'core' ? 'documented' : 'convention' };
  return { kind: sourceKind(r.document), document: r.document };
}

function requirementRow(r: Requirement, catalog: AreaCatalog, tests: ReportTest[], outOfScope: ReadonlyMap<string, string>): ReportRequirement {
  const citing = tests.filter((t) => t.requirements.includes(r.id));
  const ofProfile = (profile: Profile) => statusesFor(citing.filter((t) => t.profile === profile), r.id);
  const byProfile: ReportRequirement['byProfile'] = {};
  for (const profile of ['core', 'extended'] as const) if (ofProfile(profile).length > 0) byProfile[profile] = statusOf(ofProfile(profile));
  const scopeReason = citing.length === 0 ? outOfScope.get(r.id) : undefined;
  const status: RequirementStatus = r.unspecified ? 'unspecified' : catalog.pending ? 'pending' : scopeReason !== undefined ? 'out-of-scope' : statusOf(statusesFor(citing, r.id));
  const row: ReportRequirement = {
    id: r.id, area: r.area, level: r.level, profile: r.profile, section: sectionText(r.section), source: sourceOf(r), text: r.text,
    status, byProfile, tests: citing.map((t) => t.name),
  };
  if (catalog.pending && !r.unspecified) row.pendingReason = catalog.pending;
  if (status === 'out-of-scope') row.outOfScopeReason = scopeReason!;
  if (status === 'skipped' && citing.some((t) => t.status === 'failed' && t.timedOut === true)) row.notVerifiedReason = 'timed out';
  else if (status === 'skipped' && citing.some((t) => t.status === 'error')) row.notVerifiedReason = 'set-up error';
  return row;
}

/** Requirements that count toward a verdict: not unspecified, pending or out of scope. */
const inScope = (r: ReportRequirement): boolean => r.status !== 'unspecified' && r.status !== 'pending' && r.status !== 'out-of-scope';

function tally(tests: ReportTest[], statuses: (RequirementStatus | undefined)[]): VerdictTally {
  const specs = (status: TestStatus) => tests.filter((t) => t.status === status).length;
  const requirements = (status: RequirementStatus) => statuses.filter((s) => s === status).length;
  return {
    specs: { passed: specs('passed'), failed: specs('failed'), skipped: specs('skipped'), errors: specs('error'), total: tests.length },
    requirements: { passed: requirements('passed'), failed: requirements('failed'), skipped: requirements('skipped') },
  };
}

/**
 * A spec file that did not load, or whose worker died, fails either gate: what it holds is
 * unverified; so does a spec whose set-up did not happen, of either profile (the target could not
 * be set up as the run needs: nothing says the rest of it would pass).
 */
function verdictsOf(gate: Gate, tests: ReportTest[], requirements: ReportRequirement[], errors: number, acceptIncomplete: boolean, interrupted: boolean): Verdicts {
  const coreRequirements = requirements.filter((r) => r.profile === 'core' && inScope(r));
  const core = tally(tests.filter((t) => t.profile === 'core'), coreRequirements.map((r) => r.byProfile.core));
  const extended = tally(tests.filter((t) => t.profile === 'extended'), requirements.filter(inScope).map((r) => r.byProfile.extended));
  const gated = gate === 'core' ? core : { ...core, specs: { ...core.specs, failed: core.specs.failed + extended.specs.failed } };
  const incomplete = incompletenessOf(tests.filter((t) => gate === 'extended' || t.profile === 'core'), acceptIncomplete);
  return {
    gate,
    outcome: interrupted ? 'interrupted' : gatedOutcome(gated.specs.failed > 0 || core.specs.errors + extended.specs.errors > 0 || errors > 0, incomplete),
    incomplete,
    core: { ...core, inScope: coreRequirements.length, onlyThroughConventions: coreRequirements.filter(onlyThroughConventions).length, throughConventions: conventionTally(coreRequirements) },
    extended: { ...extended, matched: extended.requirements.passed, of: extended.requirements.passed + extended.requirements.failed },
  };
}

/** A core requirement no core spec cites, which an extended spec reaches (through a production convention). */
const onlyThroughConventions = (r: ReportRequirement): boolean => r.byProfile.core === undefined && r.byProfile.extended !== undefined;

/** A core requirement its core specs passed, or, where none reaches it, the extended specs that do. */
const foundPassed = (r: ReportRequirement): boolean => r.byProfile.core === 'passed' || (onlyThroughConventions(r) && r.byProfile.extended === 'passed');

/** What extended specs found of the core requirements no core spec reaches. */
function conventionTally(coreRequirements: ReportRequirement[]): ConventionTally {
  const found = coreRequirements.filter(onlyThroughConventions).map((r) => r.byProfile.extended);
  return { passed: found.filter((s) => s === 'passed').length, failed: found.filter((s) => s === 'failed').length, skipped: found.filter((s) => s === 'skipped').length };
}

/** The outcome of a gate that failed or not, given what the run left unverified. */
export function gatedOutcome(failed: boolean, incomplete: Incompleteness): Outcome {
  if (failed) return 'failed';
  return incomplete.specs > 0 && !incomplete.accepted ? 'incomplete' : 'passed';
}

/** The gated specs skipped for a reason their target did not declare, counted by reason. */
function incompletenessOf(gatedTests: ReportTest[], accepted: boolean): Incompleteness {
  const unverified = gatedTests.filter((t) => t.status === 'skipped' && t.skipDeclared !== true);
  const counts = new Map<string, number>();
  for (const test of unverified) {
    const reason = test.skipReason ?? 'no reason given';
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  const reasons = [...counts].map(([reason, specs]) => ({ reason, specs })).sort((a, b) => b.specs - a.specs || a.reason.localeCompare(b.reason));
  return { specs: unverified.length, reasons, accepted };
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

/**
 * What the specs sent, when any of them counts its requests (zone API specs do; storage specs send
 * none); `outside`: requests sent outside any spec, added in.
 */
function requestTally(tests: readonly TestRecord[], outside?: { api: number; control: number }): RequestTally | undefined {
  const counting = tests.filter((t) => t.requests !== undefined || t.controlRequests !== undefined);
  if (counting.length === 0 && outside === undefined) return undefined;
  const api = counting.reduce((sum, t) => sum + (t.requests ?? 0), outside?.api ?? 0);
  const control = counting.reduce((sum, t) => sum + (t.controlRequests ?? 0), outside?.control ?? 0);
  return { api, control, total: api + control };
}

const withRequests = (area: AreaSummary, tests: readonly TestRecord[]): AreaSummary => {
  const requests = requestTally(tests);
  return requests ? { ...area, requests } : area;
};

function summarizeArea(suite: string, catalog: AreaCatalog, requirements: ReportRequirement[]): AreaSummary {
  const rows = requirements.filter((r) => r.area === catalog.area);
  const verifiable = rows.filter((r) => r.status !== 'unspecified');
  const tally = (status: RequirementStatus) => verifiable.filter((r) => r.status === status).length;
  const coreInScope = verifiable.filter((r) => r.profile === 'core' && inScope(r));
  const corePassed = coreInScope.filter((r) => r.byProfile.core === 'passed').length;
  const throughConventions = conventionTally(coreInScope);
  const byLevel: AreaSummary['byLevel'] = {};
  for (const r of coreInScope) {
    const entry = (byLevel[r.level] ??= { requirements: 0, passed: 0 });
    entry.requirements++;
    if (foundPassed(r)) entry.passed++;
  }
  const conventions = verifiable.map((r) => r.byProfile.extended).filter((s) => s === 'passed' || s === 'failed');
  const outOfScope = verifiable.length > 0 && tally('out-of-scope') === verifiable.length;
  const summary: AreaSummary = {
    area: catalog.area,
    suite,
    state: catalog.pending ? 'pending' : outOfScope ? 'out-of-scope' : 'covered',
    requirements: verifiable.length,
    passed: tally('passed'),
    failed: tally('failed'),
    skipped: tally('skipped'),
    notRun: tally('not-run'),
    outOfScope: tally('out-of-scope'),
    unspecified: rows.length - verifiable.length,
    compliance: catalog.pending || outOfScope || coreInScope.length === 0 ? null : Math.round((1000 * (corePassed + throughConventions.passed)) / coreInScope.length) / 10,
    core: {
      requirements: coreInScope.length,
      passed: corePassed,
      failed: coreInScope.filter((r) => r.byProfile.core === 'failed').length,
      skipped: coreInScope.filter((r) => r.byProfile.core === 'skipped').length,
      throughConventions,
    },
    conventions: { matched: conventions.filter((s) => s === 'passed').length, of: conventions.length },
    byLevel,
  };
  if (catalog.pending) summary.pendingReason = catalog.pending;
  if (outOfScope) summary.outOfScopeReason = [...new Set(verifiable.map((r) => r.outOfScopeReason!))].join('; ');
  return summary;
}
