// Storage targets are adapters: a built-in one by name, or a user's module by path (TypeScript or
// JavaScript) whose default export implements the contract of src/contract/storage.ts.
// The CLI validates an adapter before the run; each test worker then loads it again by module path.

import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CAPABILITIES, type Capability, type StorageAdapter } from '../contract/storage.js';
import type { RunTarget } from '../report/model.js';
import { UsageError } from '../core/errors.js';

/** How a worker finds an adapter: plain data, handed over with vitest's provide/inject. */
export interface StorageTargetRef {
  name: string;
  /** Absolute path of the module. */
  module: string;
  /** Named export holding the adapter; the default export when absent. */
  exportName?: string;
  /** Named export of a function that makes the adapter from `options` (instead of exportName). */
  factory?: string;
  /** Plain data for the factory (the workerd adapter: compatibility date, miniflare, name). */
  options?: Record<string, unknown>;
  /** What the adapter runs on, for the report's target entry. */
  runtime?: RunTarget['runtime'];
}

export interface AdapterOptions {
  /** workerd's compatibility date for `workerd` (not for `workerd@DATE`, which names its own). */
  compatibilityDate?: string;
}

const adapterModule = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

export const BUILTIN_ADAPTERS: Readonly<Record<string, StorageTargetRef>> = {
  'reference-kv': { name: 'reference-kv', module: adapterModule('../adapters/reference.ts'), exportName: 'referenceKvAdapter' },
  'reference-sqlite': { name: 'reference-sqlite', module: adapterModule('../adapters/reference.ts'), exportName: 'referenceSqliteAdapter' },
  workerd: { name: 'workerd', module: adapterModule('../adapters/workerd/index.ts'), exportName: 'workerdAdapter' },
  miniflare2: { name: 'miniflare2', module: adapterModule('../adapters/miniflare2/index.ts'), exportName: 'miniflare2Adapter' },
};

/** `workerd` or `workerd@YYYY-MM-DD`: the workerd adapter at the runtime's newest date, or at that one. */
const WORKERD_SPEC = /^workerd@(.*)$/;

/** Whether an adapter name (as reports show it) is one the CLI knows without a path. */
export const isBuiltinAdapterName = (name: string): boolean => name in BUILTIN_ADAPTERS || WORKERD_SPEC.test(name);

/**
 * `reference` (the default) means both reference backends. Several adapters, separated by commas,
 * run side by side in one run (each its own target in the report): e.g. `workerd,workerd@2025-07-18`.
 */
export async function adapterRefs(adapter: string | undefined, options: AdapterOptions = {}): Promise<StorageTargetRef[]> {
  const names = (adapter ?? 'reference').split(',').map((name) => name.trim()).filter(Boolean);
  if (names.length === 0) throw new UsageError('--adapter needs a name or a path');
  return (await Promise.all(names.map((name) => adapterRefsOf(name, options)))).flat();
}

async function adapterRefsOf(adapter: string, options: AdapterOptions): Promise<StorageTargetRef[]> {
  if (adapter === 'reference') return [BUILTIN_ADAPTERS['reference-kv']!, BUILTIN_ADAPTERS['reference-sqlite']!];
  const dated = WORKERD_SPEC.exec(adapter);
  if (adapter === 'workerd' || dated) return [await workerdRef(dated ? dated[1]! : options.compatibilityDate, dated ? `--adapter ${adapter}` : '--compatibility-date')];
  const builtin = BUILTIN_ADAPTERS[adapter];
  if (builtin) return [builtin];
  const path = isAbsolute(adapter) ? adapter : resolve(process.cwd(), adapter);
  if (!existsSync(path)) {
    throw new UsageError(`--adapter: no built-in adapter named "${adapter}" (${['reference', ...Object.keys(BUILTIN_ADAPTERS)].join(', ')}) and no file at ${path}`);
  }
  return [{ name: adapter, module: path }];
}

/**
 * The workerd adapter at a compatibility date, resolved here once (which miniflare, which date, and
 * whether the runtime accepts it) and handed to the test workers as data. It is named `workerd`
 * at the runtime's default date, `workerd@DATE` at any other.
 */
async function workerdRef(requestedDate: string | undefined, what: string): Promise<StorageTargetRef> {
  const { resolveWorkerdRuntime } = await import('../adapters/workerd/runtime.js');
  const runtime = await resolveWorkerdRuntime(requestedDate, { what });
  const name = runtime.compatibilityDate === runtime.defaultCompatibilityDate ? 'workerd' : `workerd@${runtime.compatibilityDate}`;
  return {
    name,
    module: BUILTIN_ADAPTERS.workerd!.module,
    factory: 'createWorkerdAdapter',
    options: { compatibilityDate: runtime.compatibilityDate, miniflare: runtime.launcher.path, name },
    runtime: {
      name: runtime.name,
      version: runtime.version,
      compatibilityDate: runtime.compatibilityDate,
      launcher: runtime.launcher,
    },
  };
}


/** Imports an adapter module and checks that it implements the contract. */
export async function loadAdapter(ref: StorageTargetRef): Promise<StorageAdapter> {
  let module: Record<string, unknown>;
  try {
    module = await importModule(ref.module);
  } catch (error) {
    throw new UsageError(`--adapter ${ref.name}: cannot load ${ref.module}: ${(error as Error).message.split('\n')[0]}`);
  }
  const adapter = (ref.factory
    ? await (module[ref.factory] as (options: unknown) => unknown)(ref.options ?? {})
    : ref.exportName ? module[ref.exportName] : module.default) as Partial<StorageAdapter> | undefined;
  const problems = adapterProblems(adapter);
  if (problems.length > 0) throw new UsageError(`--adapter ${ref.name}: ${problems.join('; ')} (see the adapter contract in the README)`);
  return adapter as StorageAdapter;
}

/**
 * Imports a module by path. Under the CLI (plain Node with tsx) a TypeScript file outside an ESM
 * package would be read as CommonJS, so it goes through tsx's own importer, which may wrap the
 * module's exports once more under `default`. In a test worker, vitest imports it directly.
 */
export async function importModule(path: string): Promise<Record<string, unknown>> {
  const inVitestWorker = '__vitest_worker__' in globalThis;
  if (inVitestWorker || !/\.[cm]?tsx?$/.test(path)) return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  const { tsImport } = await import('tsx/esm/api');
  const module = (await tsImport(pathToFileURL(path).href, import.meta.url)) as Record<string, unknown>;
  const inner = module.default as Record<string, unknown> | undefined;
  const wrapped = inner !== null && typeof inner === 'object' && 'default' in inner && !('create' in inner);
  return wrapped ? inner : module;
}

function adapterProblems(adapter: Partial<StorageAdapter> | undefined): string[] {
  if (adapter === null || typeof adapter !== 'object') return ['the module has no default export that is an adapter object'];
  const problems: string[] = [];
  if (typeof adapter.name !== 'string' || adapter.name === '') problems.push('name must be a non-empty string');
  if (typeof adapter.create !== 'function') problems.push('create() must be a function');
  if (adapter.supports === null || typeof adapter.supports !== 'object') problems.push('supports must be an object of capabilities');
  else {
    for (const capability of Object.keys(CAPABILITIES) as Capability[]) {
      if (typeof adapter.supports[capability] !== 'boolean') problems.push(`supports.${capability} must be true or false`);
    }
  }
  return problems;
}
