// One conformance run: resolve the targets, run the selected suites under vitest's Node API (one
// vitest project per target: the zone API target, and each storage adapter), and write the report.
// The CLI is a thin shell around `runConformance`.

import { mkdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { loadSchedule } from '../catalog/schedule.js';
import { SUITES, type SuiteName } from '../catalog/suites.js';
import { applyBaseline, gatePasses, readBaseline, updatedBaseline, writeBaseline } from '../report/baseline.js';
import { buildReport, type Gate, type Report, type RunTarget, type Selection } from '../report/model.js';
import { writeReport } from '../report/write.js';
import type { Credentials, ProvidedZones, ZoneApiTarget } from '../spec-kit/target.js';
import { secretsOf } from '../spec-kit/target.js';
import { loadAdapter, type StorageTargetRef } from '../core/adapter-module.js';
import { adapterRefs } from '../targets/storage-target.js';
import { resolveZoneTarget, type ResolvedTarget } from '../targets/zone-target.js';
import { UsageError } from '../core/errors.js';
import { CollectingReporter } from './collector.js';
import { ProgressReporter } from './progress.js';
import { EVERYTHING, isEverything } from '../core/selection.js';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_SEED = 20261121;
const VERSION = (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

export interface RunOptions {
  suites: SuiteName[];
  /** Base URL of the zone API target; the bundled reference when absent. */
  target?: string;
  credentials?: Credentials;
  controlUrl?: string;
  /** Wait in real time where specs need time to pass (targets without clock control). */
  realTime?: boolean;
  /** Storage adapter: a built-in name or a module path; both reference backends when absent. */
  adapter?: string;
  /** workerd's compatibility date for the `workerd` adapter (default: the newest the runtime declares). */
  compatibilityDate?: string;
  /** Defaults to reports/<run-id>/ under the package root. */
  reportDir?: string;
  /** Only specs whose full name matches this regular expression. */
  grep?: string;
  /** Profile, areas, requirements, levels and shard (everything by default). */
  selection?: Selection;
  /** Gate on this baseline of known failures. */
  baseline?: string;
  /** The verdict the exit code gates on: core (what the documents state; the default) or extended (conventions too). */
  gate?: Gate;
  /** Rewrite the baseline to the run's failures instead of gating on it. */
  updateBaseline?: boolean;
  seed?: number;
  /** The date to run at (ms since epoch): the target's clock is set there when it can be. */
  asOf?: number;
  /** How long a request may go unanswered before its spec fails. */
  timeoutMs?: number;
  /** Requests per second at most against the zone API target, across the run. */
  maxRps?: number;
  /** Zones the target provides per plan (targets without a control API). */
  zones?: ProvidedZones;
  /** Print vitest's progress (default true). */
  verbose?: boolean;
}

export interface RunOutcome {
  report: Report;
  reportDir: string;
  exitCode: 0 | 1;
}

interface PlannedProject {
  /** Vitest project name: unique in the run. */
  name: string;
  /** The target its specs run against, as reports name it: "zone-api", "zone-api@<url>", "storage:<adapter>". */
  label: string;
  /** The group of spec files that move the target's clock. */
  clockGroup: boolean;
  include: string[];
  exclude?: string[];
  provide: Record<string, unknown>;
  target: RunTarget;
  /** Projects of a lower group finish before a higher group starts. */
  group: number;
  /** Run the project's files one at a time. */
  sequential?: boolean;
}

/**
 * Specs that move the target's clock run alone, one file at a time, after everything else: dated
 * specs (`*.dated.spec.ts`) set it to another year, and `*.clock.spec.ts` advance it by minutes to
 * months, which would expire the one-minute windows of a rate-limit spec running alongside.
 */
const CLOCK_SPECS = ['**/*.dated.spec.ts', '**/*.clock.spec.ts'];
/** Test workers of a run; --max-rps is shared out among them. */
const WORKERS = 2;

export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  const started = new Date();
  const runId = `${started.toISOString().replace(/[:.]/g, '-')}-${randomBytes(2).toString('hex')}`;
  const reportDir = resolve(options.reportDir ?? join(PACKAGE_ROOT, 'reports', runId));
  const seed = options.seed ?? DEFAULT_SEED;
  const selection = options.selection ?? EVERYTHING;
  const baseline = options.baseline === undefined ? undefined : readBaseline(options.baseline, { mayBeMissing: options.updateBaseline === true });
  const suites = options.suites.map((name) => SUITES[name]).filter((suite) => !suite.pending);
  // Bad adapters, an unreachable target or missing credentials fail here: before any spec runs
  // and before any file is written.
  const adapters = suites.some((s) => s.name === 'storage') ? await checkedAdapters(options.adapter, options.compatibilityDate) : [];
  const zones = suites.some((s) => s.name === 'zone-api') ? await resolveZoneTargets(options, seed) : [];
  mkdirSync(reportDir, { recursive: true });
  const several = zones.length > 1;
  const projects = [...zones.flatMap((zone) => zoneProjects(zone.target, several)), ...adapters.map(storageProject)];
  const collector = new CollectingReporter(PACKAGE_ROOT, new Map(projects.map((p) => [p.name, { target: p.label, clockGroup: p.clockGroup }])));
  try {
    if (projects.length > 0) await runProjects(projects, { seed, selection }, collector, reportDir, options);
  } finally {
    await Promise.all(zones.map((zone) => zone.stop()));
  }
  const zone = zones[0];
  const finished = new Date();
  const report = buildReport({
    version: VERSION,
    run: {
      id: runId,
      startedAt: started.toISOString(),
      finishedAt: finished.toISOString(),
      durationMs: finished.getTime() - started.getTime(),
      targets: [...new Set(projects.map((p) => p.target))],
      ...(zone && { asOf: new Date(zone.target.asOf).toISOString(), clockSettable: zone.target.clockSettable }),
      suites: options.suites,
      grep: options.grep ?? null,
      selection,
      seed,
    },
    suites: options.suites.map((name) => ({ name, catalog: SUITES[name].catalog, ...(SUITES[name].pending && { pending: SUITES[name].pending }) })),
    tests: collector.tests,
    fileErrors: collector.fileErrors,
    notApplicable: collector.notApplicable,
    gate: options.gate ?? 'core',
    // Drift between catalog and specs shows only on a run of everything: a filtered run, or one
    // adapter alone (which leaves out the specs of capabilities it lacks), cites less by design.
    checkCoverage: options.grep === undefined && isEverything(selection) && (options.adapter === undefined || options.adapter === 'reference'),
    ...(zone && { schedule: loadSchedule() }),
  });
  if (baseline && options.baseline) {
    if (options.updateBaseline) writeBaseline(options.baseline, updatedBaseline(report, baseline));
    else {
      report.baseline = applyBaseline(report, baseline, options.baseline);
      report.verdicts.outcome = gatePasses(report.baseline) && report.errors.length === 0 ? 'passed' : 'failed';
    }
  }
  writeReport(reportDir, report, zones.flatMap((z) => secretsOf(z.target.credentials)));
  return { report, reportDir, exitCode: exitCodeOf(report, options) };
}

/**
 * 0 when every gated spec passed (core ones by default, all with --gate extended), or when the
 * only gated failures are known to the baseline; else 1.
 */
function exitCodeOf(report: Report, options: RunOptions): 0 | 1 {
  if (report.errors.length > 0) return 1;
  if (options.updateBaseline && !report.baseline) return 0;
  return report.verdicts.outcome === 'passed' ? 0 : 1;
}

async function checkedAdapters(adapter: string | undefined, compatibilityDate: string | undefined): Promise<{ ref: StorageTargetRef; supports: Record<string, boolean> }[]> {
  const refs = await adapterRefs(adapter, { ...(compatibilityDate !== undefined && { compatibilityDate }) });
  const checked = await Promise.all(refs.map(async (ref) => {
    const adapter = await loadAdapter(ref);
    // Reports name an adapter given by path by its own name.
    return { ref: { ...ref, name: adapter.name }, supports: { ...adapter.supports } };
  }));
  const names = checked.map((a) => a.ref.name);
  const twice = names.find((name, i) => names.indexOf(name) !== i);
  if (twice !== undefined) throw new UsageError(`--adapter: two adapters are named "${twice}"; each target of a run needs its own name`);
  return checked;
}

/**
 * The zone API targets of a run: the bundled reference, or each base URL of --target (several,
 * separated by commas, run side by side, paired in order with the URLs of --control).
 */
async function resolveZoneTargets(options: RunOptions, seed: number): Promise<ResolvedTarget[]> {
  const urls = options.target === undefined ? [undefined] : options.target.split(',').map((url) => url.trim());
  const controls = options.controlUrl === undefined ? [] : options.controlUrl.split(',').map((url) => url.trim());
  if (controls.length > 0 && controls.length !== urls.length) throw new UsageError(`--control: ${controls.length} URLs for ${urls.length} targets; give one per target, in the same order`);
  const resolved = await Promise.all(urls.map((url, i) => resolveZoneTarget({
    url, credentials: options.credentials ?? {}, controlUrl: controls[i], seed, realTime: options.realTime === true,
    ...(options.asOf !== undefined && { asOf: options.asOf }),
    ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
    ...(options.zones && { zones: options.zones }),
  })));
  const names = resolved.map((r) => r.target.name);
  if (new Set(names).size !== names.length) throw new UsageError('--target: the same target twice');
  // --max-rps caps the whole run: its workers share it, whatever target they talk to.
  if (options.maxRps) for (const { target } of resolved) target.maxRpsPerWorker = options.maxRps / WORKERS;
  return resolved;
}

/** One target's projects: named `zone-api`, or `zone-api@<base URL>` when a run has several. */
function zoneProjects(target: ZoneApiTarget, several: boolean): PlannedProject[] {
  const name = several ? `zone-api@${target.name}` : 'zone-api';
  const runTarget: RunTarget = { suite: 'zone-api', name: target.name, ...(target.name !== 'reference' && { baseUrl: target.baseUrl }), control: target.controlUrl !== undefined };
  const shared = { provide: { zoneApiTarget: target }, target: runTarget };
  // Zones a target provides are shared by every spec: one file at a time, so that no spec meets
  // another's objects halfway through.
  const sharedZones = target.controlUrl === undefined;
  return [
    { name, label: name, clockGroup: false, include: SUITES['zone-api'].include, exclude: CLOCK_SPECS, group: 0, sequential: sharedZones, ...shared },
    { name: `${name}:clock`, label: name, clockGroup: true, include: CLOCK_SPECS.map((glob) => `suites/zone-api/${glob}`), group: 1, sequential: true, ...shared },
  ];
}

function storageProject({ ref, supports }: { ref: StorageTargetRef; supports: Record<string, boolean> }): PlannedProject {
  return {
    name: `storage:${ref.name}`,
    label: `storage:${ref.name}`,
    clockGroup: false,
    include: SUITES.storage.include,
    provide: { storageTarget: ref },
    target: { suite: 'storage', name: ref.name, capabilities: supports, ...(ref.runtime && { runtime: ref.runtime }) },
    group: 0,
  };
}

async function runProjects(projects: PlannedProject[], shared: { seed: number; selection: Selection }, collector: CollectingReporter, reportDir: string, options: RunOptions): Promise<void> {
  const vitest = await startVitest('test', [], {
    root: PACKAGE_ROOT,
    config: false,
    watch: false,
    passWithNoTests: true,
    maxWorkers: WORKERS,
    // A spec is bounded by its requests' own timeouts (--timeout); this only catches a spec stuck
    // elsewhere. Generous, because starting a runtime (workerd) on a loaded machine takes seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: projects.map((p) => ({
      test: {
        name: p.name,
        include: p.include,
        ...(p.exclude && { exclude: p.exclude }),
        provide: { ...shared, ...p.provide },
        sequence: { groupOrder: p.group },
        // Spec files share nothing but immutable modules (each spec has its own zone or object), so
        // a worker need not re-evaluate the modules for every file: half the wall time of a run.
        isolate: false,
        // vitest's forks pool, which also records why a worker died (the collector fails its specs with the cause).
        pool: collector.workerDeaths.pool(),
        ...(p.sequential && { fileParallelism: false, maxWorkers: 1 }),
      },
    })),
    reporters: [collector, ...(options.verbose === false ? [] : [new ProgressReporter(PACKAGE_ROOT)])],
    ...(options.grep !== undefined && { testNamePattern: options.grep }),
  });
  await vitest.close();
  process.exitCode = 0; // vitest sets it on failures; the CLI decides the exit code
}

