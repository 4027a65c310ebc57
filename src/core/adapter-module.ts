// How a storage adapter is found and loaded: a reference (plain data, handed from the CLI to the
// test workers through vitest's provide/inject) and the loading of the module it names, checked
// against the adapter contract. Shared by the CLI, which validates an adapter before the run, and
// the spec kit, which loads it again in each test worker.

import { pathToFileURL } from 'node:url';
import { CAPABILITIES, type Capability, type StorageAdapter } from '../../contract/storage.js';
import { UsageError } from './errors.js';
import { describeLoadError } from './module-load-error.js';
import type { RunTarget } from './records.js';

/** The adapters specgate bundles, by the names --adapter and reports use. */
export const BUILTIN_ADAPTER_NAMES = ['reference-kv', 'reference-sqlite', 'workerd', 'miniflare2'] as const;
export type BuiltinAdapterName = (typeof BUILTIN_ADAPTER_NAMES)[number];

/** `workerd@YYYY-MM-DD`: the workerd adapter at that compatibility date. */
export const WORKERD_AT_DATE = /^workerd@(.*)$/;

/** Whether an adapter name (as reports show it) is one the CLI knows without a path. */
export const isBuiltinAdapterName = (name: string): boolean =>
  (BUILTIN_ADAPTER_NAMES as readonly string[]).includes(name) || WORKERD_AT_DATE.test(name);

/** How a worker finds an adapter: plain data. */
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

/** Imports an adapter module and checks that it implements the contract. */
export async function loadAdapter(ref: StorageTargetRef): Promise<StorageAdapter> {
  let module: Record<string, unknown>;
  try {
    module = await importModule(ref.module);
  } catch (error) {
    throw new UsageError(`--adapter ${ref.name}: ${await describeLoadError(error, ref.module)}`);
  }
  const adapter = (ref.factory
    ? await (module[ref.factory] as (options: unknown) => unknown)(ref.options ?? {})
    : ref.exportName ? module[ref.exportName] : module.default) as Partial<StorageAdapter> | undefined;
  const exported = exportProblem(adapter, module, ref.exportName ?? 'default');
  if (exported !== undefined) throw new UsageError(`--adapter ${ref.name}: ${exported} (see the adapter contract in docs/guide-storage-adapters.md)`);
  // Past exportProblem, the export is an object: its fields are checked one by one.
  const problems = adapterProblems(adapter as Partial<StorageAdapter>);
  if (problems.length > 0) throw new UsageError(`--adapter ${ref.name}: ${problems.join('; ')} (see the adapter contract in docs/guide-storage-adapters.md)`);
  return adapter as StorageAdapter;
}

/** What is wrong with the export that should be the adapter object, when it is not an object at all. */
function exportProblem(adapter: unknown, module: Record<string, unknown>, exportName: string): string | undefined {
  if (adapter !== null && typeof adapter === 'object' && typeof (adapter as { then?: unknown }).then !== 'function') return undefined;
  const what = exportName === 'default' ? 'the default export' : `the export "${exportName}"`;
  const expected = `${what} must be the adapter object ({ name, supports, create() })`;
  if (adapter === undefined) {
    const names = Object.keys(module).filter((name) => name !== 'default' && name !== '__esModule');
    const adapterLike = names.find((name) => typeof (module[name] as { create?: unknown } | null)?.create === 'function');
    const exports = names.length === 0 ? 'it exports nothing' : `it exports only ${names.join(', ')}`;
    return `the module has no ${exportName === 'default' ? 'default export' : `export "${exportName}"`}: ${expected}; ${exports}${adapterLike !== undefined && exportName === 'default' ? ` (add \`export default ${adapterLike};\`)` : ''}`;
  }
  if (typeof adapter === 'function') return `${what} is a function: ${expected}, not a function that makes one (export its result)`;
  if (adapter !== null && typeof adapter === 'object') return `${what} is a promise: ${expected}, not a promise of one`;
  return `${what} is ${adapter === null ? 'null' : `a ${typeof adapter}`}: ${expected}`;
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
  // esbuild marks the exports object it made of an ES module with __esModule: that object is the
  // module's namespace (with no `default` when the module has no default export).
  const wrapped = inner !== null && typeof inner === 'object' && (inner.__esModule === true || ('default' in inner && !('create' in inner)));
  return wrapped ? inner : module;
}

function adapterProblems(adapter: Partial<StorageAdapter>): string[] {
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
