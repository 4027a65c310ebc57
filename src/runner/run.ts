// One conformance run: resolve the targets, run the selected suites under vitest's Node API (vitest
// projects planned per target, targets alike sharing one: PlannedProject), and write the report.
// The CLI is a thin shell around `runConformance`.

import { mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { startVitest, type Reporter } from 'vitest/node';
import { loadSchedule } from '../catalog/deprecation-schedule.js';
import { catalogedRequirementIds, clockSpecGlobs, requirementCatalog, SUITES, zoneClockSpecs } from '../catalog/suites.js';
import { COMPILED, PACKAGE_ROOT } from '../core/paths.js';
import { storageTargetSettings, type RunConfig } from '../core/run-config.js';
import { applyBaseline, gatePasses, readBaseline, updatedBaseline, writeBaseline } from '../report/baseline.js';
import { buildReport, gatedOutcome, OUTCOME_EXIT_CODES, type Report, type RunTarget, type Selection } from '../report/model.js';
import { writeReport } from '../report/write.js';
import { secretsOf, type ZoneApiTarget } from '../spec-kit/target.js';
import type { WorkerContext } from '../spec-kit/worker-context.js';
import { requestsOutsideSpecs } from '../spec-kit/request-count.js';
import { loadAdapter, type StorageTargetRef } from '../core/adapter-module.js';
import { adapterPreflightError, checkAdapter } from '../targets/preflight.js';
import { adapterRefs, BUILTIN_ADAPTERS } from '../targets/storage-target.js';
import { onlyDefaultAdapters } from '../core/adapter-choice.js';
import { resolveZoneTarget, targetPlaces, type ResolvedTarget } from '../targets/zone-target.js';
import { foreignZoneNotice } from './foreign-zones.js';
import { UsageError } from '../core/errors.js';
import { FIRST_CREATE_MS } from '../spec-kit/bounded-storage.js';
import type { Profile } from '../../requirements/model.js';
import { BailReporter } from './bail.js';
import { CollectingReporter } from './collector.js';
import { ProgressReporter } from './progress.js';
import { Interruption } from './interrupt.js';
import { isEverything, selects, selectsConventions } from '../core/selection.js';
import { listRunnableSpecs, SpecFileError, specFiles, type RunnableSpec } from './list.js';
import type { SuiteName } from '../../requirements/model.js';
import { nearestContaining } from '../core/did-you-mean.js';

const PACKAGE_JSON = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { name: string; version: string; exports: Record<string, string | Record<string, string>> };
const VERSION = PACKAGE_JSON.version;

/** 0 passed, 1 failed, 3 incomplete (gated specs left unverified for reasons the target did not declare), 130 interrupted (Ctrl-C). */
export type ExitCode = 0 | 1 | 3 | 130;

export interface RunOutcome {
  report: Report;
  reportDir: string;
  exitCode: ExitCode;
}

/** A target of a project: its name in reports ("zone-api", "zone-api@<url>", "storage:<adapter>") and what the report records of it. */
export interface PlannedTarget { label: string; target: RunTarget }

export interface PlannedProject {
  /** Vitest project name: unique in the run. */
  name: string;
  /**
   * The targets its specs run against: one, or several alike in what the specs need (zone API
   * targets with the same control and clocks; storage adapters with --share-workers), which then
   * share one worker pool and one import of the spec kit, each spec declared once per target.
   */
  targets: PlannedTarget[];
  /** The group of spec files that move the target's clock. */
  clockGroup: boolean;
  include: string[];
  exclude?: string[];
  /** What the project's workers get beside the run's seed and selection (spec-kit/worker-context.ts). */
  context: Pick<WorkerContext, 'specTimeoutMs' | 'zoneApi' | 'storage'>;
  /** Projects of a lower group finish before a higher group starts. */
  group: number;
  /** Run the project's files one at a time. */
  sequential?: boolean;
  /**
   * vitest's limit on one spec, when the run's own default is too short; 0: none (zone API specs,
   * which their budget bounds: spec-kit/budget.ts).
   */
  specTimeoutMs?: number;
  /** vitest's limit on one hook, when the run's own default is too short. */
  hookTimeoutMs?: number;
  /** Run the specs of a file concurrently, at most this many at once per worker. */
  concurrency?: number;
}

/** vitest's limit on one spec, and on one hook, unless a project needs longer. */
const SPEC_TIMEOUT_MS = 60_000;
/** Test workers of a run; --max-rps is shared out among them. */
const WORKERS = 2;

export async function runConformance(config: RunConfig): Promise<RunOutcome> {
  // From the start: a Ctrl-C while the targets start still stops them and writes the (empty) report.
  const interruption = new Interruption();
  interruption.arm();
  try {
    return await runInterruptibly(config, interruption);
  } finally {
    interruption.disarm();
  }
}

async function runInterruptibly(config: RunConfig, interruption: Interruption): Promise<RunOutcome> {
  const started = new Date();
  const runId = `${started.toISOString().replace(/[:.]/g, '-')}-${randomBytes(2).toString('hex')}`;
  // The user's working directory, not the package's folder (inside node_modules when installed).
  const reportDir = resolve(config.reportDir ?? join('reports', runId));
  const { seed, selection } = config;
  const baseline = config.baseline && readBaseline(config.baseline.file, { mayBeMissing: config.baseline.update, knownRequirements: catalogedRequirementIds() });
  const suites = config.suites.map((name) => SUITES[name]).filter((suite) => !suite.pending);
  // Bad adapters, an unreachable target or missing credentials fail here: before any spec runs
  // and before any file is written.
  const adapters = suites.some((s) => s.name === 'storage') ? await checkedAdapters(config) : [];
  const zones = suites.some((s) => s.name === 'zone-api') ? await resolveZoneTargets(config) : [];
  // Once, before any spec: a run in zones it does not own says what it will do there.
  for (const zone of zones) for (const line of foreignZoneNotice(zone.target, SUITES['zone-api'])) process.stderr.write(`${line}\n`);
  const { planned, projects } = await projectsOfRun(zones.map((zone) => zone.target), adapters, config);
  const collector = new CollectingReporter(PACKAGE_ROOT, new Map(projects.map((p) => [p.name, { targets: p.targets.map((t) => t.label), clockGroup: p.clockGroup }])), () => interruption.interrupted);
  collector.keepsConventions = (conventions) => selectsConventions(selection, conventions, requirementCatalog());
  const bail = config.maxFailures === undefined ? undefined : new BailReporter(config.maxFailures, config.gate, requirementProfiles());
  if (bail) collector.leftOut = (test) => bail.notReached(test);
  try {
    if (projects.length > 0 && !interruption.interrupted) await runProjects(projects, { seed, selection }, [collector, ...(bail ? [bail] : [])], config, interruption);
  } finally {
    await Promise.all(zones.map((zone) => zone.stop()));
  }
  // A run of nothing would pass: a typo in --grep (or filters that exclude each other) is a usage error.
  const grepped = (name: string) => config.grep === undefined || new RegExp(config.grep).test(name);
  const ranNothing = collector.tests.length === 0 && !collector.notApplicableGrepNames.some(grepped) && collector.fileErrors.length === 0;
  if (projects.length > 0 && ranNothing && !interruption.interrupted) throw new UsageError(nothingSelected(config, collector.declared));
  mkdirSync(reportDir, { recursive: true });
  const zone = zones[0];
  const finished = new Date();
  const report = buildReport({
    version: VERSION,
    run: {
      id: runId,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      durationMs: finished.getTime() - started.getTime(),
      // Every target of the run, also one whose files hold no selected spec (not started).
      targets: [...new Set(planned.flatMap((p) => p.targets.map((t) => t.target)))],
      ...(zone && { asOf: new Date(zone.target.asOf).toISOString(), clockSettable: zone.target.clockSettable }),
      suites: config.suites,
      grep: config.grep ?? null,
      selection,
      seed,
      ...(bail?.stoppedAfter && { stoppedEarly: { maxFailures: config.maxFailures!, ...bail.stoppedAfter } }),
      ...(interruption.signal && { interrupted: { signal: interruption.signal, at: interruption.at!.toISOString(), unfinishedSpecs: collector.unfinished } }),
    },
    suites: config.suites.map((name) => ({ name, catalog: SUITES[name].catalog, ...(SUITES[name].pending && { pending: SUITES[name].pending }) })),
    tests: collector.tests,
    fileErrors: collector.fileErrors,
    notApplicable: collector.notApplicable,
    gate: config.gate,
    acceptIncomplete: config.acceptIncomplete,
    // Drift between catalog and specs shows only on a run of everything: a filtered run, or one
    // adapter alone (which leaves out the specs of capabilities it lacks), cites less by design.
    checkCoverage: config.grep === undefined && isEverything(selection) && onlyDefaultAdapters(config.storage.adapters) && !interruption.interrupted,
    ...(zone && { schedule: loadSchedule() }),
    ...(zone && { requestsOutsideSpecs: { api: requestsOutsideSpecs.api, control: requestsOutsideSpecs.control } }),
  });
  const secrets = zones.flatMap((z) => secretsOf(z.target.credentials));
  // An interrupted run neither rewrites a baseline (what it did not run would drop out) nor is gated on one.
  if (baseline && config.baseline && !interruption.interrupted) {
    if (config.baseline.update) writeBaseline(config.baseline.file, updatedBaseline(report, baseline), secrets);
    else {
      report.baseline = applyBaseline(report, baseline, config.baseline.file);
      report.verdicts.outcome = gatedOutcome(!gatePasses(report.baseline) || report.errors.length > 0, report.verdicts.incomplete);
    }
  }
  writeReport(reportDir, report, secrets);
  return { report, reportDir, exitCode: exitCodeOf(report, config) };
}

/** Why a run selected no spec, with the spec names nearest its --grep, if it has one. */
function nothingSelected(config: RunConfig, declared: string[]): string {
  const { selection, grep } = config;
  const filters = [
    selection.profile === 'core' && '--profile core',
    selection.areas.length > 0 && `--area ${selection.areas.join(',')}`,
    selection.requirements.length > 0 && `--requirement ${selection.requirements.join(',')}`,
    selection.levels.length > 0 && `--level ${selection.levels.join(',')}`,
    selection.shard && `--shard ${selection.shard.index}/${selection.shard.total}`,
  ].filter((f): f is string => typeof f === 'string');
  const within = filters.length > 0 ? ` among the specs ${filters.join(' ')} select` : '';
  if (grep !== undefined) {
    const near = nearestContaining(grep, [...new Set(declared)]);
    const hint = near.length > 0 ? `did you mean a spec named ${near.map((name) => JSON.stringify(name)).join(' or ')}?` : '`specgate list` shows the specs and their names';
    return `nothing selected: --grep ${JSON.stringify(grep)} matches no spec${within} (it matches the describe blocks and title, case-sensitively; ${hint})`;
  }
  return `nothing selected: no spec is selected by ${filters.join(' ')} together (a spec must match every filter; \`specgate list\` shows the requirements each spec cites)`;
}

/**
 * 0 when every gated spec passed (core ones by default, all with --gate extended), or when the
 * only gated failures are known to the baseline; 1 on a gated failure; 3 when nothing gated failed
 * but gated specs were left unverified for reasons the target did not declare (unless accepted).
 */
function exitCodeOf(report: Report, config: RunConfig): ExitCode {
  if (report.verdicts.outcome === 'interrupted') return EXIT_CODES.interrupted;
  if (report.errors.length > 0) return 1;
  if (config.baseline?.update) return 0;
  return EXIT_CODES[report.verdicts.outcome];
}

export const EXIT_CODES: Readonly<Record<Report['verdicts']['outcome'], ExitCode>> = OUTCOME_EXIT_CODES;

/** The run's adapters, each through its preflight (it loads; a fresh object's storage answers). */
async function checkedAdapters(config: RunConfig): Promise<CheckedAdapter[]> {
  const refs = await adapterRefs(config.storage.adapters, config.storage);
  const checked = await Promise.all(refs.map(async (ref) => {
    // --no-preflight: only that it loads; the specs show the rest.
    if (!config.preflight) return { ref, adapter: await loadAdapter(ref) };
    const preflight = await checkAdapter(ref, config.storage);
    const failed = adapterPreflightError(preflight);
    if (failed) throw failed;
    return { ref, adapter: preflight.adapter! };
  }));
  // Reports name an adapter given by path by its own name.
  const named = checked.map(({ ref, adapter }) => ({ ref: { ...ref, name: adapter.name }, supports: { ...adapter.supports } }));
  const names = named.map((a) => a.ref.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new UsageError(`--adapter: two adapters are named "${twice}"; each target of a run needs its own name`);
  return named;
}

/** The zone API targets of a run (targets/zone-target.ts), each through its preflight. */
async function resolveZoneTargets(config: RunConfig): Promise<ResolvedTarget[]> {
  // --max-rps caps the whole run: its workers share it, whatever target they talk to.
  const maxRpsPerWorker = config.zoneApi.maxRps === undefined ? undefined : config.zoneApi.maxRps / WORKERS;
  return Promise.all(targetPlaces(config.zoneApi).map((place) => resolveZoneTarget(place, config.zoneApi, { maxRpsPerWorker, quotaSharePerWorker: 1 / WORKERS, preflight: config.preflight })));
}

/**
 * The zone API targets' projects: named `zone-api`, or `zone-api@<base URL>` when a run has
 * several, and targets alike in what their specs need (a control API or none, a clock per zone or
 * one clock) share their projects (then named after the first, `zone-api@<url>+N`). Specs that
 * move a target's one clock run apart, one file at a time, after the others (the `:clock`
 * project); on a target with a clock per zone, those that move only their own zones' clocks run
 * with everything else.
 */
function zoneProjectsOf(targets: ZoneApiTarget[], config: RunConfig['zoneApi']): PlannedProject[] {
  const several = targets.length > 1;
  const alike = new Map<string, PlannedTarget[]>();
  for (const target of targets) {
    const key = `${target.controlUrl !== undefined}:${target.zoneClocks === true}`;
    alike.set(key, [...(alike.get(key) ?? []), { label: several ? `zone-api@${target.name}` : 'zone-api', target: runTargetOf(target) }]);
  }
  return [...alike.values()].flatMap((group) => zoneProjects(group, targets, config));
}

function runTargetOf(target: ZoneApiTarget): RunTarget {
  const given = target.name !== 'reference';
  return { suite: 'zone-api', name: target.name, ...(given && { baseUrl: target.baseUrl }), control: target.controlUrl !== undefined, ...(given && target.controlUrl !== undefined && { controlUrl: target.controlUrl }), requestBudget: target.requestBudget ?? null };
}

function zoneProjects(group: PlannedTarget[], all: ZoneApiTarget[], { concurrency, specTimeoutMs }: RunConfig['zoneApi']): PlannedProject[] {
  const name = group.length === 1 ? group[0]!.label : `${group[0]!.label}+${group.length - 1}`;
  const targets = group.map(({ label, target }) => ({ label, target: all.find((t) => t.name === target.name)! }));
  const first = targets[0]!.target;
  const { include } = SUITES['zone-api'];
  const clockSpecs = clockSpecGlobs(SUITES['zone-api']);
  const alongside = first.zoneClocks === true ? zoneClockSpecs(SUITES['zone-api']) : [];
  // Zones a target provides are shared by every spec: one file at a time, one spec at a time, so
  // that no spec meets another's objects halfway through. Zones of their own let specs overlap:
  // they mostly wait on the network.
  const sharedZones = first.controlUrl === undefined;
  const inParallel = sharedZones ? { sequential: true } : { concurrency };
  const context = (clockScope: 'zone' | 'global', concurrentSpecs: boolean) => ({ specTimeoutMs, zoneApi: { targets, clockScope, concurrentSpecs } });
  // No vitest limit: a spec's budget counts its own time, not its waits on a paced or slow target
  // (a fixed limit failed conforming targets under --max-rps); each of those waits has its own bound.
  const unlimited = { specTimeoutMs: 0 };
  const projects: PlannedProject[] = [
    { name, targets: group, clockGroup: false, include, exclude: clockSpecs, group: 0, context: context('global', !sharedZones), ...inParallel, ...unlimited },
    { name: `${name}:clock`, targets: group, clockGroup: true, include: clockSpecs, exclude: alongside, group: 1, sequential: true, context: context('global', false), ...unlimited },
  ];
  if (alongside.length > 0) {
    projects.push({ name: `${name}:zone-clock`, targets: group, clockGroup: true, include: alongside, group: 0, context: context('zone', true), concurrency, ...unlimited });
  }
  return projects;
}

/** An adapter the user gave by path (not one of specgate's modules). */
const isAdapterPath = (ref: StorageTargetRef): boolean => !Object.values(BUILTIN_ADAPTERS).some((builtin) => builtin.module === ref.module);

/** One project per adapter; with --share-workers, one for them all. */
function storageProjectsOf(adapters: CheckedAdapter[], config: RunConfig['storage']): PlannedProject[] {
  if (config.shareWorkers === true && adapters.length > 1) return [storageProject(adapters, config)];
  return adapters.map((adapter) => storageProject([adapter], config));
}

function storageProject(adapters: CheckedAdapter[], config: RunConfig['storage']): PlannedProject {
  const targets = adapters.map(({ ref, supports }): PlannedTarget => ({
    label: `storage:${ref.name}`,
    target: { suite: 'storage', name: ref.name, ...(isAdapterPath(ref) && { module: ref.module }), capabilities: supports, ...(ref.runtime && { runtime: ref.runtime }) },
  }));
  return {
    name: adapters.length === 1 ? targets[0]!.label : `${targets[0]!.label}+${adapters.length - 1}`,
    targets,
    clockGroup: false,
    include: SUITES.storage.include,
    // Each call into the adapter is bounded by the run's --timeout, its start by --startup-timeout
    // (spec-kit/bounded-storage.ts); neither is counted against the spec's budget (spec-kit/budget.ts),
    // nor is the time of its fixtures (the first create() of a worker may take a minute to start a runtime).
    // Without a virtual clock, alarm specs wait in real time: those of minutes only with --real-time.
    context: { specTimeoutMs: config.specTimeoutMs, storage: { targets: adapters.map(({ ref }, i) => ({ label: targets[i]!.label, ref })), settings: storageTargetSettings(config) } },
    specTimeoutMs: 0,
    // A file's afterAll closes its adapters: room for that call to time out and name itself, also
    // with a long --timeout, and for a runtime still starting.
    hookTimeoutMs: Math.max(SPEC_TIMEOUT_MS, 2 * config.timeoutMs, FIRST_CREATE_MS + config.timeoutMs),
    group: 0,
    // Adapters sharing a project wait out their real-time specs side by side (spec-kit/storage.ts).
    ...(adapters.length > 1 && { concurrency: adapters.length }),
  };
}

/**
 * The spec files that hold a spec the selection selects (--area, --requirement, --level,
 * --profile), found by listing the specs without running them (runner/list.ts): a narrowed run
 * starts no worker for the other files (each costs seconds of start-up per target). Undefined,
 * every file, when the run stays as it would be without narrowing:
 * - a run of everything, or a shard (selected by a spec's title, which a listing does not separate
 *   from its describe blocks);
 * - a selection that selects nothing, or whose specs --grep matches none of: the runner's account
 *   of that, with the nearest names, needs every spec declared. (--grep narrows no file itself: a
 *   selected spec out of the target's scope is reported whether --grep matches it or not, and only
 *   the workers know the target's scope.)
 * - a spec file that does not load: the run reports it as a file error, as it always has.
 */
async function filesSelectedBy(selection: Selection, suites: SuiteName[], grep: string | undefined): Promise<Set<string> | undefined> {
  if (isEverything(selection) || selection.shard) return undefined;
  const listed = await listedOrUndefined(suites);
  if (!listed) return undefined;
  const selected = listed.filter((spec) => selects(selection, { title: spec.name, requirements: spec.requirements, extended: spec.extended !== undefined }, requirementCatalog()));
  const grepped = grep === undefined ? selected : selected.filter((spec) => new RegExp(grep).test(spec.grepName));
  return grepped.length === 0 ? undefined : new Set(selected.map((spec) => spec.file));
}

/** The suites' specs listed, or undefined when a spec file does not load (the run will say which). */
async function listedOrUndefined(suites: SuiteName[]): Promise<RunnableSpec[] | undefined> {
  try {
    return await listRunnableSpecs(suites);
  } catch (error) {
    if (error instanceof SpecFileError) return undefined;
    throw error;
  }
}

/** Each project with only the files of `files` it would run (explicitly), and none left empty. */
function narrowedTo(projects: PlannedProject[], files: Set<string> | undefined): PlannedProject[] {
  if (!files) return projects;
  return projects.flatMap((project) => {
    const excluded = new Set(specFiles(project.exclude ?? []));
    const own = specFiles(project.include).filter((file) => files.has(file) && !excluded.has(file));
    const { exclude: _, ...rest } = project;
    return own.length === 0 ? [] : [{ ...rest, include: own }];
  });
}

/** An adapter of the run, through its preflight: its reference, as reports name it, and what it supports. */
export interface CheckedAdapter { ref: StorageTargetRef; supports: Record<string, boolean> }

/**
 * The vitest projects a run plans for its targets, and those it starts: each with only the spec
 * files holding a selected spec (none started whose files hold none). Exported for
 * test/narrowed-run.test.ts, which holds what the workers are given to import.
 */
export async function projectsOfRun(zoneTargets: ZoneApiTarget[], adapters: CheckedAdapter[], config: RunConfig): Promise<{ planned: PlannedProject[]; projects: PlannedProject[] }> {
  const planned = [...zoneProjectsOf(zoneTargets, config.zoneApi), ...storageProjectsOf(adapters, config.storage)];
  return { planned, projects: narrowedTo(planned, await filesSelectedBy(config.selection, config.suites, config.grep)) };
}

/** The profile of each catalogued requirement, by ID (what --bail needs to tell a gated failure). */
function requirementProfiles(): (id: string) => Profile | undefined {
  return (id) => requirementCatalog().get(id)?.profile;
}

/**
 * Run from the sources, specgate's own process maps its exports (specgate/storage, /scenarios,
 * /config, /host-kit) to their .ts sources for a user's module anywhere, also outside any project
 * that installed specgate (bin/from-source.mjs): the preflight and `doctor` load such an adapter.
 * The test workers map them the same way, or the adapter the preflight passed fails in every
 * spec file. Compiled, neither side maps them: they resolve as installed.
 */
function sourceExports(): { find: string; replacement: string }[] {
  const { name, exports } = PACKAGE_JSON;
  return Object.entries(exports).flatMap(([path, target]) => (typeof target === 'object' && target['specgate-source']
    ? [{ find: `${name}${path.slice(1)}`, replacement: join(PACKAGE_ROOT, target['specgate-source']) }] : []));
}

async function runProjects(projects: PlannedProject[], shared: { seed: number; selection: Selection }, reporters: [CollectingReporter, ...Reporter[]], config: RunConfig, interruption: Interruption): Promise<void> {
  const [collector] = reporters;
  // Shown before vitest starts its workers (seconds on a loaded machine): never a blank terminal.
  const out = config.progressTo === 'stderr' ? process.stderr : process.stdout;
  const progress = config.verbose ? new ProgressReporter(PACKAGE_ROOT, out, Boolean(out.isTTY) && !process.env.CI) : undefined;
  progress?.start();
  try {
    const vitest = await startVitest('test', [], {
      root: PACKAGE_ROOT,
      config: false,
      watch: false,
      passWithNoTests: true,
      maxWorkers: WORKERS,
      projects: projects.map((p) => ({
        // Run from the sources, a user's adapter in the checkout imports specgate/scenarios as the
        // sources, as in specgate's own process (bin/from-source-hooks.mjs); compiled, package.json's
        // exports name dist/. (A project has its own resolve options: none come from the root's.)
        ...(!COMPILED && { ssr: { resolve: { conditions: ['specgate-source'] } }, resolve: { alias: sourceExports() } }),
        test: {
          name: p.name,
          include: p.include,
          ...(p.exclude && { exclude: p.exclude }),
          provide: { specgate: { ...shared, ...p.context } },
          sequence: { groupOrder: p.group },
          // Spec files share nothing but immutable modules (each spec has its own zone or object), so
          // a worker need not re-evaluate the modules for every file: half the wall time of a run.
          isolate: false,
          // vitest's forks pool, which also records why a worker died (the collector fails its specs with the cause).
          pool: collector.workerDeaths.pool(),
          ...(p.sequential && { fileParallelism: false, maxWorkers: 1 }),
          // Off (0) for the suites' projects: a spec's budget (spec-kit/budget.ts) bounds its own time,
          // and its requests and storage calls have their own timeouts (--timeout). Set per project:
          // a top-level testTimeout would override them all.
          testTimeout: p.specTimeoutMs ?? SPEC_TIMEOUT_MS,
          // Hooks (a file's afterAll closing its adapter) keep a limit: nothing else bounds them.
          hookTimeout: p.hookTimeoutMs ?? SPEC_TIMEOUT_MS,
          // The files' specs declare themselves concurrent (spec-kit/spec.ts: concurrentSpecs).
          ...(p.concurrency !== undefined && { maxConcurrency: p.concurrency }),
        },
      })),
      reporters: [interruption.reporter(), ...reporters, ...(progress ? [progress] : [])],
      ...(config.grep !== undefined && { testNamePattern: config.grep }),
    });
    await vitest.close();
  } finally {
    progress?.stop();
  }
  process.exitCode = 0; // vitest sets it on failures; the CLI decides the exit code
}

