// The way a conformance spec is written:
//
//   spec(['ZM-FW-COMBINED-INVALID-RULE'], 'an invalid action creates neither filter nor rule',
//     async ({ api, zone }) => { ... });
//
// Each spec carries the requirement IDs it verifies right next to it (as test262 does with its
// front matter); they travel to the report as test metadata. Fixtures give every spec its own
// client, its own zone and the target's control API; a spec whose target lacks what it needs is
// skipped with the reason, never passed.

import { describe as vitestDescribe, test } from 'vitest';
import { SUITES } from '../catalog/suites.js';
import { ApiClient, ExchangeLog, RequestPacer, SPEC_HEADER, newTransport, type RequestGuard } from './api-client.js';
import { DEFAULT_SPEC_TIMEOUT_MS, SpecBudget, withinBudget } from './budget.js';
import { conventionsSelected, isSelected } from './selection.js';
import { RequestCount, type CountedIn } from './request-count.js';
import { RequestAllowance, allowanceFor } from './request-budget.js';
import { ControlClient, type ControlZone, type ZoneSetup } from './control.js';
import { defaultAuth, schemes, secretsOf, type Auth, type SpecTarget, type ZoneApiTarget } from './target.js';
import { workerContext, type WorkerContext } from './worker-context.js';
import { instantOn, isoDay, sideOf, type DatedChange } from '../core/dates.js';
import { guardedEffect, refusal, type ForeignZone } from '../core/zone-safety.js';
import { runConventionCheck, runSetUp, type ConventionCheck } from './assertion-profiles.js';

/**
 * The zone a spec works in: created for it through the control API, or, on a target without one,
 * a zone the target provides for the plan (specgate.config.ts `zones`), shared by the specs of
 * the run and left as the spec found it.
 */
export class TestZone {
  constructor(readonly id: string, private readonly control: ControlClient | undefined, readonly setup: ControlZone) {}

  /** Path under the zone: zone.path('/filters') → /zones/{id}/filters */
  path(suffix = ''): string { return `/zones/${this.id}${suffix}`; }

  /** Whether other specs (and the target's owner) may have objects in this zone too. */
  get shared(): boolean { return this.control === undefined; }

  update(setup: ZoneSetup): Promise<ControlZone> {
    if (!this.control) throw new Error('changing a zone\'s plan, quota or features needs the target\'s control API');
    return this.control.updateZone(this.id, setup);
  }
}

/** The target's time as a spec sees it: virtual through the control API, or real with --real-time. */
export interface SpecClock {
  now(): Promise<number>;
  advance(ms: number): Promise<void>;
  readonly virtual: boolean;
}

export interface SpecFixtures {
  target: SpecTarget;
  /** Client authenticated with the target's default scheme. */
  api: ApiClient;
  /** Credentials per scheme; a scheme the run was not given is absent. */
  auth: { token?: Auth; key?: Auth };
  control: ControlClient;
  /** A fresh enterprise zone; specs that need another plan create their own with `newZone`. */
  zone: TestZone;
  newZone: (setup?: ZoneSetup) => Promise<TestZone>;
  /** The spec's zone, for specs that need it to hold nothing but what they create (counts, "nothing was created"). */
  ownZone: TestZone;
  /** Skips the spec when the target's time can neither be moved nor (with --real-time) waited for. */
  clock: SpecClock;
  /**
   * For a dated spec (`datedSpec`): the instant it runs at, on its side of the change. The target's
   * clock is set there before the spec and back to the run's as-of date after it; a target whose
   * clock cannot be set runs the spec only if it already is on that side.
   */
  asOf: { instant: number; change?: DatedChange };
  /**
   * The ids of the zones the spec created through the control API. Where the spec's project moves
   * zone clocks (clockScope 'zone'), they are what `clock` moves and what a dated spec dates.
   */
  specZones: string[];
  /**
   * A set-up step the document does not show (a create endpoint, a payload): a precondition. If
   * the target refuses it, the spec ends "not verified: set-up needs <what> and the target
   * answered …" (spec-kit/assertion-profiles.ts); if it accepts it, what follows gates as core.
   */
  setUp: <T>(what: string, step: () => Promise<T> | T) => Promise<T>;
  /**
   * A soft check of a convention of the service (a status code, an error's code or message, a
   * field the document does not show), recorded as extended for the requirements it cites, which
   * the spec declares (`{ conventions: [...] }`): its failure never stops the spec.
   */
  convention: (requirements: string | string[], label: string, check: () => unknown) => Promise<void>;
  /**
   * For a model or property spec: its `share` of the run's request budget (--budget), at least
   * `floor` requests (spec-kit/request-budget.ts). Its predicate wrapped in `cases` runs while the
   * next case fits; an unbounded run (the bundled reference's default) runs every case.
   */
  requests: (share: number, floor?: number) => RequestAllowance;
}

export const specTest = test.extend<SpecFixtures>({
  target: async ({ task }, use) => { await use({ ...targetOf(task), seed: context().seed }); },
  auth: async ({ target }, use) => { await use(schemes(target.credentials)); },
  api: async ({ target, task, onTestFailed, skip, specZones }, use) => {
    const log = new ExchangeLog(secretsOf(target.credentials));
    onTestFailed(() => { task.meta.exchange = log.render(); });
    const guard = target.controlUrl ? undefined : foreignZoneGuard(target, skip);
    const api = new ApiClient(target.baseUrl, defaultAuth(target.credentials), log, {
      ...newTransport({ timeoutMs: target.settings.timeoutMs, cleanup: SUITES['zone-api'].cleanup ?? [], disposableZone: (id) => specZones.includes(id), headers: specHeaders(task), budget: budgetOf(task), count: countOf(task), ...(guard && { guard }) }), limiter: pacerOf(target),
    });
    try {
      await use(api);
    } finally {
      await api.deleteCreated();
    }
  },
  control: async ({ target, task, skip }, use) => {
    if (!target.controlUrl) skip('target has no control API (needed to set up zones, quotas and features)');
    await use(new ControlClient(target.controlUrl!, specHeaders(task), budgetOf(task), countOf(task)));
  },
  // eslint-disable-next-line no-empty-pattern
  specZones: async ({}, use) => { await use([]); },
  newZone: async ({ target, task, skip, asOf, specZones }, use) => {
    if (!target.controlUrl) {
      await use(async (setup = {}) => providedZone(target, setup, skip));
      return;
    }
    const control = new ControlClient(target.controlUrl, specHeaders(task), budgetOf(task), countOf(task));
    // A dated spec moving only its own zones' clocks creates each zone on its side of the date.
    const clockAt = zoneClocks() && asOf.change ? { now: asOf.instant } : {};
    await use(async (setup = {}) => {
      const created = await control.createZone({ ...setup, ...clockAt });
      specZones.push(created.id);
      return new TestZone(created.id, control, created);
    });
  },
  zone: async ({ newZone }, use) => { await use(await newZone({ plan: 'enterprise' })); },
  ownZone: async ({ zone, skip }, use) => {
    if (zone.shared) skip('needs a zone of its own, where nothing else exists (the target has no control API to create one)');
    await use(zone);
  },
  clock: async ({ target, control, skip, specZones, task }, use) => {
    if (target.settings.realTime) {
      // Time the spec asked to wait is not its own time (its budget, spec-kit/budget.ts).
      const advance = (ms: number) => budgetOf(task).waitingOnTarget(`${ms} ms of real time (--real-time)`, () => new Promise<void>((resolve) => setTimeout(resolve, ms)));
      await use({ virtual: false, now: async () => Date.now(), advance });
      return;
    }
    const hasClock = await control.now().then(() => true, () => false);
    if (!hasClock) skip('target has no clock control (run with --real-time to wait in real time)');
    if (!zoneClocks()) {
      await use({ virtual: true, now: async () => (await control.now()).epoch_ms, advance: async (ms) => { await control.advanceClock(ms); } });
      return;
    }
    // Time passes for the spec's zones only (before its first zone, it reads the global clock,
    // which its zones follow until moved): other specs run alongside on their own clocks.
    await use({
      virtual: true,
      now: async () => (await control.now(specZones[0])).epoch_ms,
      advance: async (ms) => {
        if (specZones.length === 0) throw new Error('clock.advance on a target with zone clocks moves the spec\'s zones: create a zone first');
        await control.advanceClock(ms, specZones);
      },
    });
  },
  setUp: async ({ skip }, use) => {
    await use((what, step) => runSetUp(what, step, (reason) => skip(reason)));
  },
  convention: async ({ task }, use) => {
    const declared = task.meta.conventions ?? [];
    const checks: ConventionCheck[] = (task.meta.conventionChecks ??= []);
    const reported = conventionsSelected(declared);
    await use((requirements, label, check) => runConventionCheck(checks, declared, requirements, label, check, reported));
  },
  requests: async ({ target, task }, use) => {
    let given: RequestAllowance | undefined;
    await use((share, floor = 0) => {
      // Recorded in every run, so that `specgate list` can estimate what the spec sends under any budget.
      task.meta.budgetShare = { share, floor };
      return (given ??= new RequestAllowance(allowanceFor(target.requestBudget, share, floor), () => countOf(task).api));
    });
    if (given?.limit !== undefined) task.meta.sized = { allowance: given.limit, cases: given.ran, drawn: given.ran + given.untried };
  },
  // Automatic, so that a dated spec is on its side of the date before any other fixture (its zone,
  // say) is set up; specs that are not dated pass straight through.
  asOf: [async ({ target, task, skip }, use) => {
    const change = task.meta.dated;
    if (!change) return use({ instant: target.asOf });
    if (!target.clockSettable) {
      const side = sideOf(change.date, target.asOf);
      if (side !== change.side) skip(notVerified(change, target.asOf, side));
      return use({ instant: target.asOf, change });
    }
    const instant = instantOn(change);
    // Moving only its own zones' clocks, the spec dates each zone it creates (newZone).
    if (zoneClocks()) return use({ instant, change });
    const control = new ControlClient(target.controlUrl!, specHeaders(task), budgetOf(task), countOf(task));
    await control.setClock(instant);
    try {
      await use({ instant, change });
    } finally {
      await control.setClock(target.asOf);
    }
  }, { auto: true }],
});

/** Whether this spec's project moves its zones' clocks only (else the target's one clock). */
const zoneClocks = (): boolean => zoneApiContext().clockScope === 'zone';

/** The run's context in this worker (spec-kit/worker-context.ts); a zone API spec runs only in a run. */
function context(): WorkerContext {
  const given = workerContext();
  if (!given) throw new Error('a zone API spec ran outside a specgate run (no worker context): run it with specgate run');
  return given;
}

function zoneApiContext(): NonNullable<WorkerContext['zoneApi']> {
  const given = context().zoneApi;
  if (!given) throw new Error('a zone API spec ran in a project without a zone API target (a defect of the runner)');
  return given;
}

/** The target a spec was declared for (a project may hold several: worker-context.ts). */
function targetOf(task: { meta: { target?: string } }): ZoneApiTarget {
  // A spec declared before its context held targets (the mutation run provides its target in a
  // setup hook) names none: it runs against the project's only one.
  const { targets } = zoneApiContext();
  const found = task.meta.target === undefined && targets.length === 1 ? targets[0] : targets.find((held) => held.label === task.meta.target);
  if (!found) throw new Error(`a zone API spec was declared for no target of its project (${task.meta.target ?? 'none'}): a defect of the runner`);
  return found.target;
}

const budgets = new WeakMap<object, SpecBudget>();

/** The budget of one spec (spec-kit/budget.ts: --spec-timeout), shared by its fixtures and its body. */
function budgetOf(task: object): SpecBudget {
  let budget = budgets.get(task);
  if (!budget) budgets.set(task, (budget = new SpecBudget(context().specTimeoutMs ?? DEFAULT_SPEC_TIMEOUT_MS)));
  return budget;
}

const counts = new WeakMap<object, RequestCount>();

/** What one spec sent (spec-kit/request-count.ts), kept in its metadata for the report. */
function countOf(task: { meta: CountedIn }): RequestCount {
  let count = counts.get(task);
  if (!count) counts.set(task, (count = new RequestCount(task.meta)));
  return count;
}

/** The headers every request of one spec carries: which spec sent it (SPEC_HEADER). */
const specHeaders = (task: { id: string }): Record<string, string> => ({ [SPEC_HEADER]: task.id });

/** A zone the target provides for the plan; specs asking for anything more are skipped, with the reason. */
function providedZone(target: ZoneApiTarget, setup: ZoneSetup, skip: (note: string) => never): TestZone {
  const plan = setup.plan ?? 'enterprise';
  const zone = target.settings.zones?.[plan];
  if (!zone) skip(`target has no control API and provides no ${plan} zone (set zones.${plan} in specgate.config.ts)`);
  const asked = Object.keys(setup).filter((key) => key !== 'plan');
  if (asked.length > 0) skip(`needs a zone with ${asked.join(', ')} set up, which takes the target's control API`);
  return new TestZone(zone.id, undefined, { id: zone.id, plan, name: zone.name, rule_quota: Number.NaN, features: [] });
}

/**
 * Without a control API every zone is the target's own (zones.<plan> of the config): a request
 * the suite lists as reaching beyond the spec's own objects (requirements/zone-api/zone-safety.ts) is not
 * sent unless that zone allows its effect, and its spec is skipped with the reason.
 */
function foreignZoneGuard(target: ZoneApiTarget, skip: (note: string) => never): RequestGuard {
  const zones: ForeignZone[] = Object.entries(target.settings.zones ?? {}).map(([plan, zone]) => ({ plan, ...zone }));
  const guarded = SUITES['zone-api'].zoneSafety?.guarded ?? [];
  return (method, pathAndQuery, body) => {
    const hit = guardedEffect(guarded, method, pathAndQuery, body);
    const reason = hit && refusal(hit, zones);
    if (reason !== undefined) skip(reason);
  };
}

// One pacer per worker: --max-rps is divided among the workers, and every spec of a worker shares it.
let workerPacer: RequestPacer | undefined;
const pacerOf = (target: ZoneApiTarget): RequestPacer => (workerPacer ??= new RequestPacer(target.maxRpsPerWorker, target.quotaSharePerWorker));

function notVerified(change: DatedChange, asOf: number, side: string | undefined): string {
  const where = side === undefined ? 'within the day of the change, where no side is certain' : `${side} it`;
  return `not verified: the ${change.side} side of ${change.date} needs a target clock that can be set; this target is at ${isoDay(asOf)}, ${where}`;
}

type SpecBody = Parameters<typeof specTest>[2];

export interface SpecOptions {
  /** The budget of its own time the spec needs at least (ms), when more than the run's --spec-timeout. */
  timeout?: number;
  /**
   * Why the spec belongs to the extended profile although it cites core requirements: it depends
   * on something the spec does not show (an endpoint, a payload). A core-profile run leaves it out.
   */
  extended?: string;
  /**
   * The requirements its convention checks cite (`convention(ids, …)`): conventions of the service
   * the spec checks besides the documented statements it asserts; reported as the extended half of
   * the spec (core/records.ts conventionRecordOf).
   */
  conventions?: string[];
}

/**
 * Whether the specs of this file run concurrently: the run says so for a project whose specs each
 * work in zones of their own (vitest takes sequence.concurrent from the root config only, so each
 * spec and describe block is declared concurrent here).
 */
const concurrentSpecs = (): boolean => workerContext()?.zoneApi?.concurrentSpecs === true;

/** vitest's describe, whose blocks run concurrently where the file's specs do (concurrentSpecs). */
export function describe(name: string, body: () => void): void {
  (concurrentSpecs() ? vitestDescribe.concurrent : vitestDescribe)(name, body);
}

/** Declares a spec verifying the given requirement IDs. */
export function spec(requirements: string | string[], title: string, body: NonNullable<SpecBody>, options: SpecOptions = {}): void {
  declare(requirements, title, body, options, undefined);
}

/**
 * Declares a spec of one side of a dated change of the Versioning table: it runs with the target's
 * clock on that side of the date (see dates.ts for the exact instants). Dated specs live in
 * `*.dated.spec.ts` files, which run one at a time after every other zone API spec, since moving
 * the clock to another year would pull the ground from under any spec running alongside.
 */
export function datedSpec(requirements: string | string[], title: string, change: DatedChange, body: NonNullable<SpecBody>, options: SpecOptions = {}): void {
  declare(requirements, `${title} (${change.side} ${change.date})`, body, options, change);
}

/** Once per target of the project (once when specs are only listed: no worker context). */
function declare(requirements: string | string[], title: string, body: NonNullable<SpecBody>, options: SpecOptions, dated: DatedChange | undefined): void {
  const labels = workerContext()?.zoneApi?.targets.map((held) => held.label) ?? [undefined];
  for (const label of labels) declareFor(label, requirements, title, body, options, dated);
}

function declareFor(label: string | undefined, requirements: string | string[], title: string, body: NonNullable<SpecBody>, options: SpecOptions, dated: DatedChange | undefined): void {
  const ids = Array.isArray(requirements) ? requirements : [requirements];
  const meta = {
    ...(label !== undefined && { target: label }),
    requirements: ids,
    ...(options.extended !== undefined && { extended: options.extended }),
    ...(options.conventions !== undefined && { conventions: options.conventions }),
    ...(dated && { dated }),
  };
  const declareTest = concurrentSpecs() ? specTest.concurrent : specTest;
  // vitest's own limit is off for zone API specs (runner/run.ts): the budget bounds a spec's own time.
  const budgeted = withinBudget(body as (context: { task: { meta: object } }) => unknown, (context) => budgetOf(context.task), options.timeout);
  (isSelected(title, ids, options.extended !== undefined) ? declareTest : declareTest.skip)(title, { meta }, budgeted as NonNullable<SpecBody>);
}
