// Every call the storage specs make into an adapter is bounded by the run's --timeout: a call that
// does not settle in time fails its spec with the operation and its arguments, e.g.
//   storage.get("k1") did not settle within 2000 ms (the run's --timeout)
// instead of the spec waiting for vitest's own limit with nothing saying which call hung.
//
// The adapter, its objects, their storage (and a transaction's), clock and faults are wrapped in
// proxies that pass everything through unchanged: a method that returns synchronously (a sync
// throw, rollback(), a SQL cursor) is not touched; only a returned promise is raced against a
// timer. Time here is real time: specs that wait for alarms move the object's virtual clock, and
// each clock.advance() returns as soon as the due alarms ran, so no legitimate call waits long.

import type { StorageAdapter } from '../../contract/storage.js';
import type { HungCall } from '../core/records.js';
import { DEFAULT_STARTUP_MS } from '../core/run-config.js';
import { FACTS, factsOf, withFacts } from './failure-facts.js';

/** A call into the adapter that did not settle within the run's timeout; the call is its failure's facts (failure-facts.ts). */
export class StorageCallTimeout extends Error {
  override name = 'StorageCallTimeout';
  readonly limitMs: number;
  constructor(message: string, hung: HungCall) {
    super(message);
    this.limitMs = hung.limitMs;
    withFacts(this, { hung });
  }
}

/** The adapter's runtime did not start: it threw, or did not settle within the start-up limit. */
export class AdapterStartupFailure extends Error {
  override name = 'AdapterStartupFailure';
  constructor(message: string, readonly fix: string) {
    super(message);
  }
}

/**
 * Calls the adapter's start() (if it has one), bounded by `limitMs` (--startup-timeout): it runs
 * before any spec, so no spec's timeout counts it. Rejects with AdapterStartupFailure.
 */
export async function startAdapter(adapter: StorageAdapter, limitMs: number): Promise<void> {
  if (typeof adapter.start !== 'function') return;
  const seconds = limitMs / 1000;
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AdapterStartupFailure(
      `adapter ${adapter.name}: its runtime did not start within ${seconds} s (the start-up limit, --startup-timeout)`,
      `allow it longer with --startup-timeout S (default ${DEFAULT_STARTUP_MS / 1000}), or find out why it does not start (for workerd: SPECGATE_WORKERD_STDIO=1 shows its output)`,
    )), limitMs);
  });
  try {
    await Promise.race([adapter.start(), overrun]);
  } catch (error) {
    if (error instanceof AdapterStartupFailure) throw error;
    // The adapter's own error, whole (every line), with the fix it names when it names one.
    const fix = (error as { fix?: unknown })?.fix;
    throw new AdapterStartupFailure(`adapter ${adapter.name}: its runtime did not start: ${(error as Error)?.message ?? String(error)}`,
      typeof fix === 'string' ? fix : 'start() must resolve once the runtime runs (docs/guide-storage-adapters.md, "The contract in full"); run the adapter\'s own tests');
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sees every bounded call that returns a promise, while it runs (`call`), under its label
 * (`storage.get("k1")`): the spec kit does not count that time against a spec's budget.
 */
export type CallObserver = <T>(label: string, call: () => Promise<T>) => Promise<T>;

const unobserved: CallObserver = (_label, call) => call();

/**
 * A promise the kit handed to a spec: its rejection never reaches the process as an unhandled one
 * (which vitest would report outside any spec, "(unhandled): …", with no spec named), even when the
 * spec awaits it late; it stays the spec's to see. `observed`: the spec awaited it or attached a
 * handler (await and Promise.all call `then` on a promise of another class, so both are seen).
 */
export class HandedPromise<T> extends Promise<T> {
  // Promises derived from it (then, catch, finally) are plain ones: only the one handed out is watched.
  static override get [Symbol.species](): PromiseConstructor { return Promise; }
  observed = false;
  override then<A = T, B = never>(onFulfilled?: ((value: T) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    this.observed = true;
    return super.then(onFulfilled, onRejected);
  }
}

/** What a spec's calls into its adapter handed out: each promise, its label and, once it rejected, why. */
export interface HandedOut { label: string; promise: HandedPromise<unknown>; rejected?: { reason: unknown } }
export type PromiseLedger = HandedOut[];

const ledgers = new WeakMap<CallObserver, PromiseLedger>();

/** The promises that rejected and that the spec never awaited nor handled: each is the spec's error, not one outside specs. */
export const unobservedRejections = (ledger: PromiseLedger): HandedOut[] => ledger.filter((handed) => handed.rejected !== undefined && !handed.promise.observed);

/**
 * The set-up error one of a spec's calls ended in (its object was not made or restarted, or its
 * runtime failed under it, as a protocol host that died), if one did: whatever the spec made of
 * it (a property caught it, a premise turned it into a skip), the spec ends with it.
 */
export const setUpFailureOf = (ledger: PromiseLedger): { reason: unknown } | undefined =>
  ledger.find((handed) => handed.rejected !== undefined && factsOf(handed.rejected.reason)?.setUp !== undefined)?.rejected;

/**
 * The adapter with create() and everything reached through it bounded by `timeoutMs` (and its
 * calls seen by `observe`); with `ledger`, every promise handed out is recorded there.
 */
export function boundedAdapter(adapter: StorageAdapter, timeoutMs: number, observe: CallObserver = unobserved, ledger?: PromiseLedger): StorageAdapter {
  if (ledger !== undefined) ledgers.set(observe, ledger);
  return bounded(adapter, 'adapter', timeoutMs, observe);
}

/** The promise the spec gets: handled at once, so that a late await is no unhandled rejection, and recorded in the spec's ledger. */
function handOut<T>(promise: Promise<T>, label: string, observe: CallObserver): Promise<T> {
  const handed = new HandedPromise<T>((resolve, reject) => { promise.then(resolve, reject); });
  const entry: HandedOut = { label, promise: handed as HandedPromise<unknown> };
  // The base class's then: a handler of the kit's own, which does not count as the spec's.
  Promise.prototype.then.call(handed, undefined, (reason: unknown) => { entry.rejected = { reason }; });
  ledgers.get(observe)?.push(entry);
  return handed;
}

/** What a call returns, seen through its label: the child objects that are bounded in turn. */
const CHILDREN: Record<string, Record<string, string>> = {
  adapter: {},
  object: { storage: 'storage', clock: 'clock', faults: 'faults' },
  storage: { sql: 'storage.sql' },
  txn: {},
  clock: {},
  faults: {},
  'storage.sql': {},
};

/**
 * The calls that make or restart the object under test: when one throws or hangs, the spec's
 * set-up did not happen, and its error says so (FailureFacts `setUp`): the spec found nothing
 * about what it cites, which is not a failure of it.
 */
const SET_UP_OPERATIONS: ReadonlySet<string> = new Set(['adapter.create', 'object.restart']);

/** The error of a set-up call, marked as such (a non-object rejection becomes an Error saying what it was). */
export function asSetUpError(error: unknown, operation: string): unknown {
  const marked = error !== null && typeof error === 'object' ? error : new Error(`${operation}() rejected with ${String(error)}`);
  const facts = factsOf(marked);
  if (facts === undefined) return withFacts(marked, { setUp: { operation } });
  if (facts.setUp === undefined) Object.defineProperty(marked, FACTS, { value: { ...facts, setUp: { operation } }, enumerable: true, configurable: true });
  return marked;
}

/**
 * An error the adapter marks as its runtime's fault, not the storage's (`setUpError: true`, as a
 * protocol host that died or answered garbage): whatever call it ends, the object under test is
 * gone, so the spec's set-up did not hold.
 */
const isRuntimeFault = (error: unknown): boolean => (error as { setUpError?: unknown } | null)?.setUpError === true;

/** What a method's promise settles to that is bounded too (create() answers an object). */
const RESULTS: Record<string, string> = { 'adapter.create': 'object' };

/**
 * The first create() of an adapter in a test worker may start its runtime (the workerd adapter
 * starts workerd there: seconds on a loaded machine), so it is allowed at least this long.
 */
export const FIRST_CREATE_MS = 60_000;
/** Adapters whose create() has settled (or timed out) once in this worker. */
const started = new WeakSet<object>();

// An adapter with start() has started before its first create(): no allowance for it.
const limitOf = (target: object, operation: string, timeoutMs: number): number =>
  operation === 'adapter.create' && !started.has(target) && typeof (target as StorageAdapter).start !== 'function' ? Math.max(timeoutMs, FIRST_CREATE_MS) : timeoutMs;

// One proxy per wrapped object, kind and observer, so that `object.storage === object.storage` still holds.
const proxies = new WeakMap<object, Map<string, Map<CallObserver, object>>>();

function bounded<T extends object>(target: T, kind: string, timeoutMs: number, observe: CallObserver): T {
  const known = proxies.get(target) ?? new Map<string, Map<CallObserver, object>>();
  proxies.set(target, known);
  const ofKind = known.get(kind) ?? new Map<CallObserver, object>();
  known.set(kind, ofKind);
  const existing = ofKind.get(observe);
  if (existing) return existing as T;
  const methods = new Map<PropertyKey, unknown>();
  const proxy = new Proxy(target, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (isFixed(object, property)) return value;
      const child = typeof property === 'string' ? CHILDREN[kind]?.[property] : undefined;
      if (child !== undefined && value !== null && typeof value === 'object') return bounded(value, child, timeoutMs, observe);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const cached = methods.get(property);
      if (cached !== undefined) return cached;
      const method = boundedMethod(object, value as (...args: unknown[]) => unknown, `${kind}.${property}`, timeoutMs, observe);
      methods.set(property, method);
      return method;
    },
  });
  ofKind.set(observe, proxy);
  return proxy;
}

function boundedMethod(target: object, method: (...args: unknown[]) => unknown, operation: string, timeoutMs: number, observe: CallObserver) {
  return (...args: unknown[]): unknown => {
    // A transaction's closure gets its transaction bounded too, and its calls still pending are
    // named when the transaction itself times out (they are usually why it does).
    const inside = new Set<string>();
    const passed = operation === 'storage.transaction' && typeof args[0] === 'function'
      ? [withBoundedTransaction(args[0] as (txn: object) => unknown, inside, timeoutMs, observe), ...args.slice(1)]
      : args;
    const setUp = SET_UP_OPERATIONS.has(operation);
    let result: unknown;
    try {
      result = method.apply(target, passed);
    } catch (error) {
      throw setUp || isRuntimeFault(error) ? asSetUpError(error, operation) : error;
    }
    if (!isThenable(result)) return result;
    const label = `${operation}(${describeArguments(args)})`;
    const limit = limitOf(target, operation, timeoutMs);
    const why = limit === timeoutMs ? 'the run\'s --timeout' : 'the first create() of an adapter in a worker, which may start its runtime';
    const timed = observe(label, () => withTimeout(result, `${label} did not settle within ${limit} ms (${why})`, { operation, limitMs: limit, limit: why }, inside));
    const settled = timed.catch((error: unknown) => { throw setUp || isRuntimeFault(error) ? asSetUpError(error, operation) : error; });
    if (operation === 'adapter.create') {
      const mark = () => { started.add(target); };
      settled.then(mark, mark);
    }
    const resultKind = RESULTS[operation];
    const answered = resultKind === undefined ? settled : settled.then((value) => (value !== null && typeof value === 'object' ? bounded(value, resultKind, timeoutMs, observe) : value));
    return handOut(answered, label, observe);
  };
}

function withBoundedTransaction(closure: (txn: object) => unknown, inside: Set<string>, timeoutMs: number, observe: CallObserver) {
  return (txn: object): unknown => {
    if (txn === null || typeof txn !== 'object') return closure(txn);
    return closure(tracked(bounded(txn, 'txn', timeoutMs, observe), inside));
  };
}

/** The transaction as the closure sees it, recording which of its calls are still pending. */
function tracked(txn: object, inside: Set<string>): object {
  return new Proxy(txn, {
    get(object, property) {
      const value: unknown = Reflect.get(object, property, object);
      if (typeof value !== 'function' || typeof property !== 'string' || isFixed(object, property)) return value;
      return (...args: unknown[]): unknown => {
        const result = (value as (...a: unknown[]) => unknown).apply(object, args);
        if (!isThenable(result)) return result;
        const label = `txn.${property}(${describeArguments(args)})`;
        inside.add(label);
        const forget = () => { inside.delete(label); };
        // Not the spec's own handler: a call it never awaits is still seen as such (HandedPromise).
        Promise.prototype.then.call(result, forget, forget);
        return result;
      };
    },
  });
}

function withTimeout<T>(promise: PromiseLike<T>, message: string, hung: HungCall, inside: Set<string>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const pending = inside.size > 0 ? `; inside it, still pending: ${[...inside].join(', ')}` : '';
      reject(new StorageCallTimeout(`${message}${pending}`, hung));
    }, hung.limitMs);
    promise.then(
      (value) => { clearTimeout(timer); resolve(value); },
      (error: unknown) => { clearTimeout(timer); reject(error); },
    );
  });
}

/** A frozen property: a proxy must answer it unchanged (an adapter object may be frozen). */
function isFixed(object: object, property: PropertyKey): boolean {
  const descriptor = Reflect.getOwnPropertyDescriptor(object, property);
  return descriptor !== undefined && descriptor.configurable === false && descriptor.writable === false;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';

/** At most this many characters of one argument, and of all of them. */
const ARGUMENT_CHARS = 60;
const ARGUMENTS_CHARS = 160;
/** Items shown of an array, entries of an object. */
const ITEMS = 3;

/** The arguments of a call as a reader recognises them: short, with long values cut and counted. */
export function describeArguments(args: readonly unknown[]): string {
  const text = args.map((arg) => describeValue(arg, 0)).join(', ');
  return text.length <= ARGUMENTS_CHARS ? text : `${text.slice(0, ARGUMENTS_CHARS)}…`;
}

/**
 * A string as a JSON literal, with what would print as nothing or as garbage escaped: keys made to
 * test ordering are often private-use characters, lone surrogates or control characters.
 */
const quoted = (text: string): string =>
  JSON.stringify(text).replace(/[\p{C}\p{Zl}\p{Zp}]/gu, (char) => `\\u{${char.codePointAt(0)!.toString(16).toUpperCase()}}`);

function describeValue(value: unknown, depth: number): string {
  if (typeof value === 'string') {
    return value.length <= ARGUMENT_CHARS ? quoted(value) : `${quoted(value.slice(0, ARGUMENT_CHARS))}… (${value.length} chars)`;
  }
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'function') return '<function>';
  if (value === null || typeof value !== 'object') return String(value);
  if (value instanceof Date) return `Date(${Number.isNaN(value.getTime()) ? 'invalid' : value.toISOString()})`;
  if (value instanceof ArrayBuffer) return `ArrayBuffer(${value.byteLength} bytes)`;
  if (ArrayBuffer.isView(value)) return `${value.constructor.name}(${value.byteLength} bytes)`;
  if (value instanceof Map) return `Map(${value.size})`;
  if (value instanceof Set) return `Set(${value.size})`;
  if (depth > 0) return Array.isArray(value) ? `[${value.length} items]` : '{…}';
  if (Array.isArray(value)) {
    const shown = value.slice(0, ITEMS).map((item) => describeValue(item, depth + 1));
    return `[${shown.join(', ')}${value.length > ITEMS ? `, … (${value.length} items)` : ''}]`;
  }
  const entries = Object.entries(value);
  const shown = entries.slice(0, ITEMS).map(([key, item]) => `${JSON.stringify(key)}: ${describeValue(item, depth + 1)}`);
  return `{${shown.join(', ')}${entries.length > ITEMS ? `, … (${entries.length} entries)` : ''}}`;
}
