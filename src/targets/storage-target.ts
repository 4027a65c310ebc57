// Storage targets are adapters: a built-in one by name, or a user's module by path (TypeScript or
// JavaScript) whose default export implements the contract of src/contract/storage.ts. This
// resolves what --adapter names into references (plain data) that the CLI validates before the run
// and each test worker loads again (core/adapter-module.ts).

import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { WORKERD_AT_DATE, type BuiltinAdapterName, type StorageTargetRef } from '../core/adapter-module.js';
import { UsageError } from '../core/errors.js';
import { didYouMean } from '../core/did-you-mean.js';
import { requireOptionalPart } from '../core/optional-package.js';
import { ownModule } from '../core/paths.js';


export interface AdapterOptions {
  /** workerd's compatibility date for `workerd` (not for `workerd@DATE`, which names its own). */
  compatibilityDate?: string | undefined;
  /** The miniflare the workerd adapter runs: a folder it is installed in, or its package folder. */
  miniflare?: string | undefined;
  /** The workerd binary the workerd adapter runs. */
  workerd?: string | undefined;
}

const adapterModule = (relative: string): string => ownModule(relative, import.meta.url);

export const BUILTIN_ADAPTERS: Readonly<Record<BuiltinAdapterName, StorageTargetRef>> = {
  'reference-kv': { name: 'reference-kv', module: adapterModule('../adapters/reference.ts'), exportName: 'referenceKvAdapter' },
  'reference-sqlite': { name: 'reference-sqlite', module: adapterModule('../adapters/reference.ts'), exportName: 'referenceSqliteAdapter' },
  workerd: { name: 'workerd', module: adapterModule('../adapters/workerd/index.ts'), exportName: 'workerdAdapter' },
  miniflare2: { name: 'miniflare2', module: adapterModule('../adapters/miniflare2/index.ts'), exportName: 'miniflare2Adapter' },
};


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
  const dated = WORKERD_AT_DATE.exec(adapter);
  if (adapter === 'workerd' || dated) return [await workerdRef(dated ? dated[1]! : options.compatibilityDate, dated ? `--adapter ${adapter}` : '--compatibility-date', options)];
  const builtin = BUILTIN_ADAPTERS[adapter as BuiltinAdapterName] as StorageTargetRef | undefined;
  if (adapter === 'miniflare2') requireOptionalPart('miniflare2', '--adapter miniflare2');
  if (builtin) return [builtin];
  const path = isAbsolute(adapter) ? adapter : resolve(process.cwd(), adapter);
  if (!existsSync(path) && looksLikePath(adapter)) throw new UsageError(`--adapter ${adapter}: no file at ${path}`);
  if (!existsSync(path)) {
    const names = ['reference', ...Object.keys(BUILTIN_ADAPTERS)];
    throw new UsageError(`--adapter: no built-in adapter named "${adapter}"${didYouMean(adapter, names)} (${names.join(', ')}) and no file at ${path}`);
  }
  return [{ name: adapter, module: path }];
}

/** A name with a folder or a module's extension is a path, never a built-in adapter's name. */
const looksLikePath = (name: string): boolean => /[\\/]/.test(name) || /\.[cm]?[jt]sx?$/.test(name);

/**
 * The workerd adapter at a compatibility date, resolved here once (which miniflare, which date, and
 * whether the runtime accepts it) and handed to the test workers as data. It is named `workerd`
 * at the runtime's default date, `workerd@DATE` at any other.
 */
async function workerdRef(requestedDate: string | undefined, what: string, { miniflare, workerd }: AdapterOptions): Promise<StorageTargetRef> {
  const { resolveWorkerdRuntime } = await import('../adapters/workerd/runtime.js');
  const runtime = await resolveWorkerdRuntime(requestedDate, { what, miniflare, workerd });
  const name = runtime.compatibilityDate === runtime.defaultCompatibilityDate ? 'workerd' : `workerd@${runtime.compatibilityDate}`;
  const { defaultCompatibilityDate: _, ...described } = runtime;
  return {
    name,
    module: BUILTIN_ADAPTERS.workerd!.module,
    factory: 'createWorkerdAdapter',
    options: { compatibilityDate: runtime.compatibilityDate, runtime: described, name },
    runtime: described,
  };
}
