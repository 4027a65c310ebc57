// Storage targets are adapters: a built-in one by name, or a user's module by path (TypeScript or
// JavaScript) whose default export implements the contract of contract/storage.ts. This
// resolves what --adapter names into references (plain data) that the CLI validates before the run
// and each test worker loads again (core/adapter-module.ts).

import type { AdapterChoice, HostAddress } from '../core/adapter-choice.js';
import { UsageError } from '../core/errors.js';
import type { BuiltinAdapterName, StorageTargetRef } from '../core/adapter-module.js';
import { ownModule } from '../core/paths.js';


export interface AdapterOptions {
  /** workerd's compatibility date for `workerd` (not for `workerd@DATE`, which names its own). */
  compatibilityDate?: string | undefined;
  /** The miniflare the workerd adapter runs: a folder it is installed in, or its package folder. */
  miniflare?: string | undefined;
  /** The workerd binary the workerd adapter runs. */
  workerd?: string | undefined;
  /** A protocol host's bounds: each request's, and its start's (the manifest read before the run). */
  timeoutMs?: number | undefined;
  startupMs?: number | undefined;
}

const adapterModule = (relative: string): string => ownModule(relative, import.meta.url);

export const BUILTIN_ADAPTERS: Readonly<Record<BuiltinAdapterName, StorageTargetRef>> = {
  'reference-kv': { name: 'reference-kv', module: adapterModule('../adapters/reference.ts'), exportName: 'referenceKvAdapter' },
  'reference-sqlite': { name: 'reference-sqlite', module: adapterModule('../adapters/reference.ts'), exportName: 'referenceSqliteAdapter' },
  workerd: { name: 'workerd', module: adapterModule('../adapters/workerd/index.ts'), exportName: 'workerdAdapter' },
  miniflare2: { name: 'miniflare2', module: adapterModule('../adapters/miniflare2/index.ts'), exportName: 'miniflare2Adapter' },
};


/**
 * The references the workers load, one per adapter the run chose (core/adapter-choice.ts): several
 * run side by side in one run (each its own target in the report), e.g. `workerd,workerd@2025-07-18`.
 */
export async function adapterRefs(choices: readonly AdapterChoice[], options: AdapterOptions = {}): Promise<StorageTargetRef[]> {
  return Promise.all(choices.map((choice) => adapterRefOf(choice, options)));
}

async function adapterRefOf(choice: AdapterChoice, options: AdapterOptions): Promise<StorageTargetRef> {
  switch (choice.kind) {
    case 'builtin': return BUILTIN_ADAPTERS[choice.name];
    case 'workerd': return workerdRef(choice.date ?? options.compatibilityDate, choice.date !== undefined ? `--adapter ${choice.given}` : '--compatibility-date', options);
    case 'module': return { name: choice.given, module: choice.path };
    case 'host': return hostRef(choice.host, options);
  }
}

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

/**
 * A protocol host (docs/storage-protocol.md): its manifest is read here once, before the run (a
 * command is started and stopped for it), so that the workers know what it supports and its name;
 * a host that does not answer it, or states another protocol version, is one line, exit 2.
 */
async function hostRef(host: HostAddress, { timeoutMs, startupMs }: AdapterOptions): Promise<StorageTargetRef> {
  const { readManifest } = await import('../adapters/protocol/index.js');
  const manifest = await readManifest(host, startupMs).catch((error: unknown) => {
    throw new UsageError(`--adapter: ${(error as Error).message}${(error as { fix?: string }).fix ? `; ${(error as { fix?: string }).fix}` : ''}`);
  });
  return {
    name: manifest.name,
    module: adapterModule('../adapters/protocol/index.ts'),
    factory: 'createHostAdapter',
    options: { host, manifest, name: manifest.name, ...(timeoutMs !== undefined && { timeoutMs }), ...(startupMs !== undefined && { startupMs }) },
    runtime: { name: manifest.name, version: manifest.version ?? 'not stated' },
  };
}
