// The way a storage spec is written:
//
//   storageSpec('ST-KV-DELETE-MISSING-FALSE', 'delete(key) tells whether the key existed', async ({ storage }) => { ... });
//   storageSpec('ST-ALARM-PAST-RUNS', 'an alarm in the past runs promptly', async ({ object }) => { ... }, { needs: ['alarms', 'clock'] });
//   storageSpec(id, title, onVirtualClock, { needs: ['alarms', 'clock'], realTime: { body: inRealTime } });
//
// Each spec gets a fresh object from the run's adapter. A spec that needs a capability the adapter
// does not declare is skipped with that reason (the adapter's own, when it gives one), never
// passed. A spec about runtimes without a capability (`lacks`), or needing one the adapter
// declares out of its scope, is left out of that adapter's run; so is a spec about what a
// local-development runtime does (`localDevelopment`) on an adapter that is not one, and a spec
// about lacking a capability on an adapter that declares it out of its scope (there is nothing to
// lack: the key-value backend has no point-in-time recovery by design, not as a local runtime).
//
// A spec that moves the object's virtual clock may say how it runs in real time instead
// (`realTime`): on an adapter with alarms and no virtual clock (workerd, or a user's runtime that
// declares no `clock`), that body runs in its place, waiting for real (the `realTime` fixture,
// real-time.ts). One that takes minutes of real time runs there only with --real-time; without it,
// it is skipped with that reason. One with no real-time form (`realTime: { leftOut }`) is left out
// of such an adapter's run.

import { afterAll, beforeAll, test } from 'vitest';
import type { Capability, ObjectStorage, StorageAdapter, StorageObject } from '../../contract/storage.js';
import { loadAdapter } from '../core/adapter-module.js';
import { workerContext } from './worker-context.js';
import { DEFAULT_STARTUP_MS, DEFAULT_TIMEOUT_MS } from '../core/run-config.js';
import { AdapterStartupFailure, boundedAdapter, setUpFailureOf, startAdapter, unobservedRejections, type CallObserver, type PromiseLedger } from './bounded-storage.js';
import { thrownText } from './thrown.js';
import { factsOf } from './failure-facts.js';
import { DEFAULT_SPEC_TIMEOUT_MS, isTimeout, readAsBody, SpecBudget, withinBudget } from './budget.js';
import { realTimeFor, type RealTime } from './real-time.js';
import { isSelected } from './selection.js';


declare module '@vitest/runner' {
  interface TaskMeta {
    /** Capabilities a storage spec needs from the adapter. */
    needs?: Capability[];
    /** Capabilities the adapter must lack: the spec verifies what a runtime without them does. */
    lacks?: Capability[];
    /** Why the spec is not part of this adapter's run (a capability out of its scope): set on specs left out so. */
    notApplicable?: string;
    /** The spec was skipped for a capability the adapter declares it lacks: accepted, not incomplete. */
    skipDeclared?: boolean;
    /** The spec ran its real-time body: the adapter has alarms and no virtual clock. */
    realTime?: true;
  }
}

// The adapters of this worker's project, loaded when a spec file is, so that specs which do not
// apply to one are left out of its run; only listing specs provides none. A project usually holds
// one adapter; with --share-workers it holds several, and each spec is declared once per adapter,
// naming it in its metadata (`meta.target`), which is how its fixtures find their adapter.
const storageContext = workerContext()?.storage;
// Every call into an adapter is bounded by the run's --timeout (bounded-storage.ts).
const timeoutMs = storageContext?.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
// An adapter's runtime starts once per worker, in a beforeAll hook that each spec that may run adds
// to its describe block (a block whose specs are all filtered out runs no hook, so a worker with
// nothing to run starts nothing): before any spec, bounded by the start-up limit and by no spec's
// timeout. A failure fails each spec that would use the adapter with it (a start-up failure, its
// cause whole), at once.
const startupMs = storageContext?.settings.startupMs ?? DEFAULT_STARTUP_MS;

/** One adapter of the project, as this worker holds it. */
interface WorkerAdapter {
  label: string;
  adapter: StorageAdapter;
  startup?: Promise<AdapterStartupFailure | undefined>;
  startupFailure?: AdapterStartupFailure;
  /** Settles when the adapter's real-time spec running now, if any, has ended: they run one at a time (turnOf). */
  realTimeTurn: Promise<void>;
  /** The adapter was started or made an object since it was last closed: its close() is owed. */
  open: boolean;
  /** The file of its latest spec, as vitest's task tree holds it. */
  file?: TaskTree;
}

const workerAdapters: WorkerAdapter[] = storageContext === undefined ? [] : await Promise.all(
  storageContext.targets.map(async ({ label, ref }) => ({ label, adapter: await loadAdapter(ref), realTimeTurn: Promise.resolve(), open: false })));

/** The adapter a spec declared for it runs against. */
function adapterOf(task: { meta: { target?: string } }): WorkerAdapter {
  const found = workerAdapters.find((held) => held.label === task.meta.target);
  if (!found) throw new Error('a storage spec ran outside a specgate run (no storage target in the worker context)');
  return found;
}

const startOnce = async (held: WorkerAdapter): Promise<void> => {
  held.open = true;
  held.startup ??= startAdapter(held.adapter, startupMs).then(() => undefined, (error: AdapterStartupFailure) => error);
  held.startupFailure = await held.startup;
};
function startBeforeSpecs(held: WorkerAdapter | undefined): void {
  // Only an adapter with a runtime to start; none when specs are listed (no adapter is provided).
  // The hook's own limit leaves the start-up limit room to fire and say so.
  if (held !== undefined && typeof held.adapter.start === 'function') beforeAll(() => startOnce(held), startupMs + 30_000);
}
// Each adapter of a file is closed once that file's last spec using it has run: a hook beside
// each describe block's start-up hook, which closes only when no spec of the file that may still
// run uses the adapter. Test workers do not re-evaluate this module for each file (isolate: false),
// so a hook of this module's own would run after a worker's first file only, and the runtimes its
// later files started would never be closed (their temporary folders left behind). The next file's
// start-up hook starts the runtime again (before its specs, not in a create() within --timeout).
function closeAfterFile(held: WorkerAdapter | undefined): void {
  if (held === undefined || typeof held.adapter.close !== 'function') return;
  afterAll(async () => {
    // The file of the adapter's latest spec: this block's (a worker runs one file at a time).
    const file = held.file;
    if (!held.open || (file !== undefined && usesLater(file, held.label))) return;
    held.open = false;
    held.startup = undefined;
    held.startupFailure = undefined;
    await boundedAdapter(held.adapter, timeoutMs, (_label, call) => call()).close?.();
  });
}

type TaskTree = { type: string; mode: string; meta: { target?: string }; result?: { state?: string }; tasks?: TaskTree[] };
/** Whether a spec of the file that has not ended, and will run, uses the adapter. */
function usesLater(task: TaskTree, label: string): boolean {
  if (task.tasks !== undefined) return task.tasks.some((child) => usesLater(child, label));
  const ended = task.result?.state !== undefined && !['run', 'queued'].includes(task.result.state);
  return task.type === 'test' && task.mode === 'run' && !ended && (task.meta.target ?? label) === label;
}

// The budget of each running spec (spec-kit/budget.ts). Its time in calls into the adapter (each
// bounded by --timeout) is not counted; nor is its fixtures' (the first create() of a worker may
// start a runtime), since the budget starts with the spec's body.
const budgets = new WeakMap<object, SpecBudget>();
function budgetOf(task: object): SpecBudget {
  let budget = budgets.get(task);
  if (!budget) budgets.set(task, (budget = new SpecBudget(workerContext()?.specTimeoutMs ?? DEFAULT_SPEC_TIMEOUT_MS)));
  return budget;
}
/** The calls a spec makes into its adapter, counted as waits on the target in its budget. */
const observerOf = (task: object): CallObserver => async (label, call) => {
  const budget = budgets.get(task);
  if (!budget) return call();
  const result = await budget.waitingOnTarget(label, call);
  budget.note(`${label} settled`);
  return result;
};

interface SkippingContext { task: { meta: object }; skip: (...args: never[]) => unknown }

/** The promises each running spec's calls handed out (the adapter fixture's ledger), by the spec's task. */
const ledgers = new WeakMap<object, PromiseLedger>();

/**
 * A spec one of whose calls ended in a set-up error (the object was not made or restarted, or its
 * runtime failed under it: a protocol host that died mid-run) ends with that error, whatever it
 * did with it: a property that caught it and reported a disagreement, a premise that skipped, an
 * expectation of a refusal that the fault met. Its requirements are not verified, never failed.
 */
function setUpFailuresEndTheSpec<C extends SkippingContext>(body: (context: C) => unknown): (context: C) => unknown {
  const wrapped = async (context: C): Promise<unknown> => {
    let outcome: unknown;
    try {
      outcome = await body(context);
    } catch (error) {
      if (factsOf(error)?.setUp !== undefined) throw error;
      const failure = setUpFailureOf(ledgers.get(context.task) ?? []);
      throw failure === undefined ? error : failure.reason;
    }
    const failure = setUpFailureOf(ledgers.get(context.task) ?? []);
    if (failure !== undefined) throw failure.reason;
    return outcome;
  };
  return readAsBody(wrapped, body);
}

/**
 * A storage spec that skips itself from its body does so because a premise did not occur on this
 * runtime (nothing was refused, the handler did not start, the write had already failed): what the
 * runtime itself did, as a declared capability is what its author said. Its requirements are "not
 * verified" with that reason, and the run is not incomplete for it (report/model.ts): exit 3 is for
 * what the run could have set up and did not.
 */
function premiseSkipsDeclared<C extends SkippingContext>(body: (context: C) => unknown): (context: C) => unknown {
  const wrapped = (context: C): unknown => {
    const skip = context.skip.bind(context);
    Object.defineProperty(context, 'skip', {
      configurable: true,
      writable: true,
      value: (...args: never[]) => {
        (context.task.meta as { skipDeclared?: boolean }).skipDeclared = true;
        return skip(...args);
      },
    });
    return body(context);
  };
  return readAsBody(wrapped, body);
}

/**
 * Why a spec is about something this adapter is not, if it is: a capability the spec needs is out
 * of its scope, or one the spec is about lacking is present. Such a spec is not part of its run;
 * the report shows its requirements as out of scope for this adapter, not as unverified.
 */
function notApplicable(adapter: StorageAdapter | undefined, options: StorageSpecOptions): string | undefined {
  if (adapter === undefined) return undefined;
  const outOfScope = (capability: Capability) => adapter.outOfScope?.includes(capability) ?? false;
  const needed = (options.needs ?? []).filter(outOfScope);
  if (needed.length > 0) return `${needed.join(', ')}: out of the scope of adapter ${adapter.name}`;
  const lacking = (options.lacks ?? []).filter(outOfScope);
  if (lacking.length > 0) return `${lacking.join(', ')}: out of the scope of adapter ${adapter.name}`;
  const present = (options.lacks ?? []).filter((capability) => adapter.supports[capability]);
  if (present.length > 0) return `about runtimes without ${present.join(', ')}, which adapter ${adapter.name} has`;
  if (options.localDevelopment === true && adapter.localDevelopment !== true) return `about local-development runtimes, which adapter ${adapter.name} is not`;
  if (options.realTime !== undefined && 'leftOut' in options.realTime && alarmsInRealTime(adapter)) return `${options.realTime.leftOut} (adapter ${adapter.name} has no virtual clock)`;
  return undefined;
}

export interface StorageFixtures {
  adapter: StorageAdapter;
  /** A fresh object with empty storage, destroyed after the spec. */
  object: StorageObject;
  /** The object's storage. */
  storage: ObjectStorage;
  /** Seed for property-based specs. */
  seed: number;
  /** Real time, for a spec's real-time body (its waits are not counted in its budget). */
  realTime: RealTime;
  /**
   * Runs a step the spec needs before what it verifies (a put that sets the state up): when it
   * breaks, the spec is not verified for its own requirements, with the step and the exception
   * whole as the reason, rather than failed. `belongsTo`: the requirements the step itself is of,
   * whose own specs verify it, named in the reason.
   */
  precondition: Precondition;
}

export type Precondition = <T>(label: string, step: () => Promise<T> | T, belongsTo?: string | string[]) => Promise<T>;

/** Why a spec is not verified when a step it needs broke. */
export const preconditionBrokeReason = (label: string, error: unknown, belongsTo: string[]): string =>
  `not verified: its precondition ${label} broke${belongsTo.length > 0 ? ` (a step of ${belongsTo.join(', ')}, which its own specs verify)` : ''}: ${thrownText(error)}`;

/**
 * Errors a precondition lets through as they are: vitest's skip, running out of time (a failure
 * with its own cause) and a set-up error (the object was not made or restarted).
 */
const preconditionPassesThrough = (error: unknown): boolean =>
  (error as { code?: unknown })?.code === 'VITEST_PENDING' || isTimeout(error) || factsOf(error)?.setUp !== undefined;

export const storageTest = test.extend<StorageFixtures>({
  // Every storage spec uses the adapter, directly or through its object: the capability check is here.
  adapter: async ({ task, skip }, use) => {
    const held = adapterOf(task);
    held.file = (task as unknown as { file?: TaskTree }).file;
    const loaded = held.adapter;
    const reason = inapplicable(loaded, task.meta.needs ?? [], task.meta.lacks ?? []);
    if (reason !== undefined) {
      // What the adapter's `supports` declares: the implementer's statement, not a gap of the run.
      task.meta.skipDeclared = true;
      skip(reason);
    }
    if (held.startupFailure !== undefined) throw held.startupFailure;
    // Before the spec's object is made, and after it is destroyed (fixtures end in reverse order).
    held.open = true;
    const release = await turnOf(held, task.meta);
    // Every promise the spec's calls hand out, so that one it never awaited and that rejected is
    // its own error, not an unhandled rejection outside any spec.
    const ledger: PromiseLedger = [];
    ledgers.set(task, ledger);
    try {
      await use(boundedAdapter(loaded, timeoutMs, observerOf(task), ledger));
    } finally {
      release?.();
    }
    const unseen = unobservedRejections(ledger);
    if (unseen.length > 0) throw unawaitedRejections(unseen.map(({ label, rejected }) => ({ label, reason: rejected!.reason })));
  },
  object: async ({ adapter }, use) => {
    const object = await adapter.create();
    try {
      await use(object);
    } finally {
      await object.destroy();
    }
  },
  storage: async ({ object }, use) => { await use(object.storage); },
  // eslint-disable-next-line no-empty-pattern
  seed: async ({}, use) => { await use(workerContext()!.seed); },
  realTime: async ({ task }, use) => { await use(realTimeFor(() => budgets.get(task))); },
  precondition: async ({ task, skip }, use) => {
    await use(async (label, step, belongsTo = []) => {
      try {
        return await step();
      } catch (error) {
        if (preconditionPassesThrough(error)) throw error;
        // What the runtime did, as a premise that did not occur: not a gap of the run (not incomplete).
        task.meta.skipDeclared = true;
        return skip(preconditionBrokeReason(label, error, Array.isArray(belongsTo) ? belongsTo : [belongsTo]));
      }
    });
  },
});

/** The error of a spec that left rejected promises of its calls unawaited: each call and what it threw, whole. */
export function unawaitedRejections(unseen: { label: string; reason: unknown }[]): Error {
  return new Error(unseen.map(({ label, reason }) => `${label} was rejected and the spec never awaited it: ${thrownText(reason)}`).join('\n'));
}

/** Why a spec cannot run against this adapter (a missing capability, or one it must lack), if so. */
function inapplicable(adapter: StorageAdapter, needs: Capability[], lacks: Capability[]): string | undefined {
  const missing = needs.filter((capability) => !adapter.supports[capability]);
  const explained = missing.map((capability) => adapter.unsupportedReasons?.[capability]).find((reason) => reason !== undefined);
  if (explained !== undefined) return explained;
  if (missing.length > 0) return `adapter ${adapter.name} does not support ${missing.join(', ')}`;
  const present = lacks.filter((capability) => adapter.supports[capability]);
  if (present.length > 0) return `adapter ${adapter.name} supports ${present.join(', ')}: this spec is about runtimes without it`;
  return undefined;
}

type StorageSpecBody = NonNullable<Parameters<typeof storageTest>[2]>;

export interface StorageSpecOptions {
  needs?: Capability[];
  lacks?: Capability[];
  /** The spec is about local-development runtimes: only adapters declaring `localDevelopment` run it. */
  localDevelopment?: true;
  /** The budget of its own time the spec needs at least (ms), when more than the run's --spec-timeout. */
  timeout?: number;
  /**
   * The spec's body in real time, run instead of the one given (which moves the virtual clock) on
   * an adapter with alarms and no virtual clock; it needs what the spec needs but the clock.
   * `minutes`: it waits minutes of real time, so it runs only with --real-time.
   * `leftOut`: the spec has no real-time form (what it explores needs a virtual clock, and other
   * specs verify in real time what it cites): on such an adapter it is left out of the run, with
   * this reason, rather than skipped, so that it does not leave unverified what they verify.
   */
  realTime?: { body: StorageSpecBody; minutes?: true } | { leftOut: string };
}

/** Whether an adapter runs alarms on real time only: it has alarms and declares no virtual clock. */
export function alarmsInRealTime(adapter: StorageAdapter | undefined): boolean {
  return adapter !== undefined && adapter.supports.alarms && !adapter.supports.clock && !(adapter.outOfScope?.includes('clock') ?? false);
}

const MINUTES_WITHOUT_FLAG = 'not verified: waits minutes of real time on an adapter without a virtual clock (run with --real-time to wait for it)';

/** The body and needs a spec runs with on this run's adapter: its real-time ones where that applies. */
function asDeclaredFor(adapter: StorageAdapter | undefined, body: StorageSpecBody, options: StorageSpecOptions): { body: StorageSpecBody; needs: Capability[]; realTime: boolean } {
  const needs = options.needs ?? [];
  if (options.realTime === undefined || 'leftOut' in options.realTime || !alarmsInRealTime(adapter)) return { body, needs, realTime: false };
  const waitsMinutes = options.realTime.minutes === true && workerContext()?.storage?.settings.realTime !== true;
  const realBody: StorageSpecBody = waitsMinutes ? ({ skip }) => { skip(MINUTES_WITHOUT_FLAG); } : options.realTime.body;
  return { body: realBody, needs: needs.filter((capability) => capability !== 'clock'), realTime: true };
}

/** Declares a storage spec verifying the given requirement IDs: once per adapter of the project (once when specs are only listed). */
export function storageSpec(requirements: string | string[], title: string, body: StorageSpecBody, options: StorageSpecOptions = {}): void {
  if (workerAdapters.length === 0) declareFor(undefined, requirements, title, body, options);
  for (const held of workerAdapters) declareFor(held, requirements, title, body, options);
}

function declareFor(held: WorkerAdapter | undefined, requirements: string | string[], title: string, body: StorageSpecBody, options: StorageSpecOptions): void {
  const ids = Array.isArray(requirements) ? requirements : [requirements];
  const selected = isSelected(title, ids);
  const outOfScope = selected ? notApplicable(held?.adapter, options) : undefined;
  if (selected && outOfScope === undefined) {
    startBeforeSpecs(held);
    closeAfterFile(held);
  }
  const declared = asDeclaredFor(held?.adapter, body, options);
  // vitest's own limit is off for storage specs (runner/run.ts): the budget bounds a spec's own time.
  const budgeted = withinBudget(setUpFailuresEndTheSpec(premiseSkipsDeclared(declared.body as (context: SkippingContext) => unknown)), (context) => budgetOf(context.task), options.timeout);
  // Real-time waits of adapters sharing a project overlap, instead of adding up one adapter after
  // another; each adapter's own real-time specs still run one at a time, as in a project of its own.
  const sideBySide = held !== undefined && declared.realTime && workerAdapters.length > 1;
  const declareTest = sideBySide ? storageTest.concurrent : storageTest;
  (selected && outOfScope === undefined ? declareTest : declareTest.skip)(title, {
    meta: {
      requirements: ids, needs: declared.needs, lacks: options.lacks ?? [],
      ...(held && { target: held.label }),
      ...(declared.realTime && { realTime: true as const }),
      ...(outOfScope !== undefined && { notApplicable: outOfScope }),
    },
  }, budgeted as StorageSpecBody);
}

/**
 * Waits for the turn of a real-time spec among the adapter's own (released by the function it
 * answers), when several adapters share the project: theirs run side by side, each adapter's one
 * at a time, its objects made only in its turn (a runtime may keep state across its objects).
 */
async function turnOf(held: WorkerAdapter, meta: { realTime?: true }): Promise<(() => void) | undefined> {
  if (meta.realTime !== true || workerAdapters.length < 2) return undefined;
  const previous = held.realTimeTurn;
  let release!: () => void;
  held.realTimeTurn = new Promise<void>((resolve) => { release = resolve; });
  await previous;
  return release;
}
