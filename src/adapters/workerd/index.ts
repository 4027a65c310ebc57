// The workerd adapter: runs the storage suite against Cloudflare's open-source runtime (workerd),
// started locally through miniflare (npm; no network needed): the one given (--miniflare), else the
// working directory's (3 to 5), else specgate's own (miniflare 4), running the workerd binary given
// (--workerd) or miniflare's. See runtime.ts for which runtime and which compatibility date run,
// and for the options shape of each miniflare.
//
// One workerd process (one Miniflare instance) is shared by every object the adapter creates; it
// starts in start() (or the first create()) and stops in close(). Each object is a Durable Object of class
// SpecgateObject (worker.ts) on the SQLite backend, addressed by a random name. Its `storage` is a
// proxy: each call is one fetch event delivered to the object, which runs the method on
// ctx.storage and answers with the result or the error (same class and message) as data.
// Values cross the boundary with the tagged encoding of wire.ts (structured-clone types).
//
// Storage lives in a temporary directory that miniflare deletes on dispose (miniflare's
// "not persisted" default). Its fully in-memory mode (unsafeEphemeralDurableObjects) is not used:
// there workerd ignores useSQLite (key-value backend, no ctx.storage.sql) and restarting an
// object loses its data.

import { randomUUID } from 'node:crypto';
import { defineAdapter } from '../../../contract/storage.js';
import type { ObjectStorage, StorageAdapter, StorageObject, Supports } from '../../../contract/storage.js';
import { workerScript } from './bundle.js';
import { importMiniflare, resolveWorkerdRuntime, startMiniflare, type MiniflareInstance, type WorkerdRuntime } from './runtime.js';
import { decode, encode, errorFromWire } from './wire.js';
import type { Command, Reply } from './wire.js';

const BINDING = 'SPECGATE_OBJECT';
const CLASS_NAME = 'SpecgateObject';

/** The parts of workerd's Durable Object namespace and stub (as miniflare exposes them) used here. */
interface ObjectStub {
  fetch(url: string, init?: { method?: string; body?: string; headers?: Record<string, string> }): Promise<{
    status: number;
    text(): Promise<string>;
  }>;
}
interface ObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): ObjectStub;
}

interface Runtime {
  mf: MiniflareInstance;
  namespace: ObjectNamespace;
}

export interface WorkerdAdapterOptions {
  /** workerd's compatibility date, YYYY-MM-DD (default: the newest the installed runtime declares). */
  compatibilityDate?: string;
  /** The miniflare to run: a folder it is installed in, or its package folder (default: the working directory's, else specgate's). */
  miniflare?: string;
  /** The workerd binary to run (default: MINIFLARE_WORKERD_PATH, else the one of miniflare's workerd package). */
  workerd?: string;
  /** The runtime as the CLI resolved it (which miniflare module, which binary): then miniflare and workerd are not looked at. */
  runtime?: Pick<WorkerdRuntime, 'version' | 'binary' | 'launcher' | 'compatibilityDate'>;
  /** The adapter's name in reports (default: workerd, or workerd@DATE when a date is given). */
  name?: string;
}

/** A workerd object; `instanceId()` (not part of the contract) identifies its current in-memory instance. */
export interface WorkerdStorageObject extends StorageObject {
  instanceId(): Promise<string>;
}

export const supports: Supports = {
  kv: true,
  alarms: true,
  clock: false,
  faults: false,
  restart: true,
  // The objects are on the SQLite backend (useSQLite); SQL runs inside them, in scenarios.
  sql: true,
  // Point-in-time recovery exists only in production: the local runtime refuses it.
  pitr: false,
};

export const unsupportedReasons = {
  pitr: 'not verified: workerd does not implement point-in-time recovery locally',
};

async function startRuntime(options: WorkerdAdapterOptions): Promise<Runtime> {
  // The CLI resolves the runtime (and tries the date) before the run and hands it here; used on
  // its own, the adapter resolves it now, with the defaults.
  const runtime = options.runtime ?? await resolveWorkerdRuntime(options.compatibilityDate, { miniflare: options.miniflare, workerd: options.workerd });
  const miniflare = await importMiniflare(runtime.launcher.path);
  const mf = await startMiniflare(miniflare, runtime, {
    script: await workerScript(),
    compatibilityDate: options.compatibilityDate ?? runtime.compatibilityDate,
    durableObjects: { [BINDING]: { className: CLASS_NAME, useSQLite: true } },
  });
  try {
    const namespace = (await mf.getDurableObjectNamespace(BINDING)) as unknown as ObjectNamespace;
    return { mf, namespace };
  } catch (error) {
    await mf.dispose().catch(() => {});
    throw error;
  }
}

async function parseReply(response: { status: number; text(): Promise<string> }): Promise<unknown> {
  const text = await response.text();
  let reply: Reply;
  try {
    reply = JSON.parse(text) as Reply;
  } catch {
    throw new Error(`specgate workerd adapter: the object answered ${response.status} with something that is not a reply: ${text.slice(0, 500)}`);
  }
  if ('error' in reply) throw errorFromWire(reply.error);
  return decode(reply.value);
}

class WorkerdObject implements WorkerdStorageObject {
  readonly storage: ObjectStorage;
  #stub: ObjectStub;
  #destroyed = false;

  constructor(
    private readonly namespace: ObjectNamespace,
    private readonly id: unknown,
  ) {
    this.#stub = namespace.get(id);
    const call = (method: string) => (...args: unknown[]) => this.#send({ kind: 'call', method, args });
    const storage = {
      get: call('get'),
      put: call('put'),
      delete: call('delete'),
      deleteAll: call('deleteAll'),
      list: call('list'),
      sync: call('sync'),
      getAlarm: call('getAlarm'),
      setAlarm: call('setAlarm'),
      deleteAlarm: call('deleteAlarm'),
      getCurrentBookmark: call('getCurrentBookmark'),
      getBookmarkForTime: call('getBookmarkForTime'),
      onNextSessionRestoreBookmark: call('onNextSessionRestoreBookmark'),
      transaction: async () => {
        throw new TypeError(
          'specgate workerd adapter: storage.transaction() takes a closure, which cannot be sent into the object; '
          + 'use a scenario (object.run) for transactions',
        );
      },
    };
    this.storage = storage as unknown as ObjectStorage;
  }

  async #send(command: Command): Promise<unknown> {
    if (this.#destroyed) throw new Error('specgate workerd adapter: this object was destroyed');
    // Encoding throws (DataCloneError) for a value that cannot be cloned, as the runtime would.
    const body = JSON.stringify(encode(command));
    const response = await this.#stub.fetch('http://specgate.object/', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    return parseReply(response);
  }

  run<T = unknown>(scenario: string, args?: unknown): Promise<T> {
    return this.#send({ kind: 'run', scenario, args }) as Promise<T>;
  }

  async instanceId(): Promise<string> {
    if (this.#destroyed) throw new Error('specgate workerd adapter: this object was destroyed');
    return (await parseReply(await this.#stub.fetch('http://specgate.object/instance'))) as string;
  }

  /** The object aborts itself (ctx.abort()): workerd drops the instance and keeps its storage;
   * the next event, through a fresh stub, gets a new instance. */
  async restart(): Promise<void> {
    if (this.#destroyed) throw new Error('specgate workerd adapter: this object was destroyed');
    try {
      const response = await this.#stub.fetch('http://specgate.object/restart', { method: 'POST' });
      await response.text();
    } catch {
      // Expected: abort() fails the event that called it.
    }
    this.#stub = this.namespace.get(this.id);
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    try {
      await this.storage.deleteAlarm();
      await this.storage.deleteAll();
    } finally {
      this.#destroyed = true;
    }
  }
}

export function createWorkerdAdapter(options: WorkerdAdapterOptions = {}): StorageAdapter {
  let runtime: Promise<Runtime> | undefined;
  const started = (): Promise<Runtime> => {
    runtime ??= startRuntime(options).catch((error: unknown) => {
      runtime = undefined;
      throw error;
    });
    return runtime;
  };
  return defineAdapter({
    name: options.name ?? (options.compatibilityDate === undefined ? 'workerd' : `workerd@${options.compatibilityDate}`),
    supports,
    unsupportedReasons,
    // workerd under miniflare is local development: "point-in-time recovery ... not supported in local development".
    localDevelopment: true,
    // Starts workerd (seconds on a loaded machine): the spec kit calls it before any spec, bounded
    // by the start-up limit, so that no spec's timeout counts it.
    async start(): Promise<void> {
      await started();
    },
    async create(): Promise<WorkerdStorageObject> {
      const { namespace } = await started();
      return new WorkerdObject(namespace, namespace.idFromName(`specgate-${randomUUID()}`));
    },
    async close(): Promise<void> {
      const current = runtime;
      runtime = undefined;
      if (!current) return;
      const { mf } = await current.catch(() => ({ mf: undefined }));
      await mf?.dispose();
    },
  });
}

export const workerdAdapter = createWorkerdAdapter();
export default workerdAdapter;
