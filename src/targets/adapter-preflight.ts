// The preflight of a storage adapter: it loads, and create() gives, within a bounded wait, an
// object whose storage answers a read; else one line naming the cause and the fix (an adapter that
// never answers, one whose create() throws), instead of every spec failing for it.

import type { StorageAdapter, StorageObject } from '../../contract/storage.js';
import { loadAdapter, type StorageTargetRef } from '../core/adapter-module.js';
import type { StorageConfig } from '../core/run-config.js';
import { boundedAdapter, startAdapter, StorageCallTimeout, type AdapterStartupFailure } from '../spec-kit/bounded-storage.js';
import { failureLine, PreflightError, type Check } from './preflight-check.js';

export interface AdapterPreflight {
  checks: Check[];
  ok: boolean;
  /** The adapter as loaded, when it loaded. */
  adapter?: StorageAdapter;
}

/**
 * The checks of a storage adapter: it loads and honours the contract's shape, its runtime starts
 * (start(), within --startup-timeout), and create() gives an object whose storage answers get(),
 * each call bounded as the specs bound them (spec-kit/bounded-storage.ts: --timeout; an adapter
 * without start() may start its runtime in its first create(), which gets at least
 * FIRST_CREATE_MS). The object is destroyed and the adapter closed afterwards (the test workers
 * load their own).
 */
export async function checkAdapter(ref: StorageTargetRef, { timeoutMs, startupMs }: Pick<StorageConfig, 'timeoutMs' | 'startupMs'>): Promise<AdapterPreflight> {
  const checks: Check[] = [];
  let adapter: StorageAdapter;
  try {
    adapter = await loadAdapter(ref);
  } catch (error) {
    // The load error names its cause and what is expected (core/module-load-error.ts): no fix to add.
    checks.push({ what: 'loads', ok: false, detail: (error as Error).message });
    return { checks, ok: false };
  }
  checks.push({ what: 'loads', ok: true, detail: `${ref.module}${adapter.name !== ref.name ? ` (named ${adapter.name})` : ''}` });
  const checked = boundedAdapter(adapter, timeoutMs);
  try {
    const started = await runtimeStarts(adapter, startupMs);
    if (started !== undefined) checks.push(started);
    if (started?.ok !== false) checks.push(await objectAnswers(checked, adapter.name, adapter.supports));
  } finally {
    await Promise.resolve().then(() => checked.close?.()).catch(() => undefined);
  }
  return { checks, ok: checks.every((c) => c.ok), adapter };
}

/** The first failed check of an adapter as the error `specgate run` exits with. */
export function adapterPreflightError(preflight: AdapterPreflight): Error | undefined {
  const failed = preflight.checks.find((c) => !c.ok);
  return failed && new PreflightError(failureLine(failed));
}

/** The adapter's start(), if it has one, within the start-up limit: the failure whole, with the adapter's fix. */
async function runtimeStarts(adapter: StorageAdapter, startupMs: number): Promise<Check | undefined> {
  if (typeof adapter.start !== 'function') return undefined;
  const what = 'its runtime starts';
  try {
    await startAdapter(adapter, startupMs);
    return { what, ok: true, detail: 'start() resolved' };
  } catch (error) {
    const failure = error as AdapterStartupFailure;
    return { what, ok: false, detail: `--${failure.message}`, fix: failure.fix };
  }
}

/** `adapter` bounded (boundedAdapter): a call that hangs rejects with StorageCallTimeout. */
async function objectAnswers(adapter: StorageAdapter, name: string, supports: StorageAdapter['supports']): Promise<Check> {
  const what = 'a fresh object answers';
  const fix = 'create() must resolve to a fresh object whose storage answers (docs/guide-storage-adapters.md, "The contract in full"); run the adapter\'s own tests';
  let object: StorageObject;
  try {
    object = await adapter.create();
  } catch (error) {
    return { what, ok: false, detail: `--adapter ${name}: create() ${failure(error)}`, fix: fixOf(error) ?? fix };
  }
  try {
    if (object === null || typeof object !== 'object' || object.storage === null || typeof object.storage?.get !== 'function') {
      return { what, ok: false, detail: `--adapter ${name}: create() resolved to something without storage.get()`, fix };
    }
    await object.storage.get('specgate-preflight');
    const missing = missingMethods(object, supports);
    if (missing.length > 0) {
      return { what, ok: false, detail: `--adapter ${name}: create() resolved to an object without ${missing.join(', ')}`, fix: SHAPE_FIX };
    }
    return { what, ok: true, detail: 'create() gave an object; storage.get() answered' };
  } catch (error) {
    return { what, ok: false, detail: `--adapter ${name}: storage.get('specgate-preflight') on a fresh object ${failure(error)}`, fix };
  } finally {
    await Promise.resolve().then(() => object.destroy?.()).catch(() => undefined);
  }
}

const SHAPE_FIX = 'the object is the contract\'s StorageObject (contract/storage.ts): storage, run(name, args) running scenarios[name](storage, args) of specgate/scenarios inside the object, restart(), destroy(), and clock and faults when supports declares them; examples/minimal-adapter.ts has them all';

/**
 * What the contract's StorageObject has that this object lacks: without them the specs would fail
 * on a TypeError, blamed on the statements they verify, instead of this one line.
 */
function missingMethods(object: StorageObject, supports: StorageAdapter['supports']): string[] {
  const has = (value: unknown, ...methods: string[]) => value !== null && typeof value === 'object' && methods.every((m) => typeof (value as Record<string, unknown>)[m] === 'function');
  return [
    !has(object, 'run') && 'run(name, args)',
    !has(object, 'restart') && 'restart()',
    !has(object, 'destroy') && 'destroy()',
    supports.clock && !has(object.clock, 'now', 'advance') && 'clock (supports.clock is true)',
    supports.faults && object.faults === undefined && 'faults (supports.faults is true)',
  ].filter((missing): missing is string => typeof missing === 'string');
}

/** The fix an adapter's error names (the workerd adapter's start errors do), if it names one. */
const fixOf = (error: unknown): string | undefined => {
  const fix = (error as { fix?: unknown } | undefined)?.fix;
  return typeof fix === 'string' ? fix : undefined;
};

/** How a bounded call failed: the bound it ran out of, or what it threw (whole: every line). */
const failure = (error: unknown): string =>
  (error instanceof StorageCallTimeout ? `gave no answer in ${error.limitMs / 1000} s` : `threw: ${String((error as Error)?.message ?? error)}`);
