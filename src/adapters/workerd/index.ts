// The workerd adapter: runs the storage suite against Cloudflare's open-source runtime (workerd),
// started locally through miniflare (npm; no network needed): the one given (--miniflare), else the
// working directory's (3 to 5), else specgate's own (miniflare 4), running the workerd binary given
// (--workerd) or miniflare's. See runtime.ts for which runtime and which compatibility date run,
// and for the options shape of each miniflare.
//
// One workerd process (one Miniflare instance) is shared by every object the adapter creates; it
// starts in start() (or the first create()) and stops in close(). The worker (worker.ts) is a host
// of the storage protocol built on the host kit, as any runtime's would be, and this adapter is
// the protocol's client over miniflare's dispatchFetch (docs/storage-protocol.md). Each object is
// a Durable Object of class SpecgateObject on the SQLite backend, addressed by a random name;
// each storage call is one fetch event delivered to it, which runs the method on ctx.storage and
// answers with the result or the error (class, name, message, stack, cause) as data.
//
// Storage lives in a temporary directory that miniflare deletes on dispose (miniflare's
// "not persisted" default). Its fully in-memory mode (unsafeEphemeralDurableObjects) is not used:
// there workerd ignores useSQLite (key-value backend, no ctx.storage.sql) and restarting an
// object loses its data.

import type { StorageAdapter, StorageObject } from '../../../contract/storage.js';
import { protocolAdapter, type ProtocolClient, type ProtocolObject } from '../protocol/client.js';
import { PROTOCOL_VERSION, type Manifest } from '../protocol/messages.js';
import { httpTransport } from '../protocol/transports.js';
import { scenarios } from '../../../contract/scenarios.js';
import { workerScript } from './bundle.js';
import { supports, unsupportedReasons } from './capabilities.js';
import { importMiniflare, resolveWorkerdRuntime, startMiniflare, type MiniflareInstance, type WorkerdRuntime } from './runtime.js';

export { supports, unsupportedReasons };

const BINDING = 'SPECGATE_OBJECT';
const CLASS_NAME = 'SpecgateObject';
const HOST_URL = 'http://specgate.host/';

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

/** What the worker states (worker.ts): known here before it starts. */
const manifest: Manifest = {
  protocol: PROTOCOL_VERSION,
  name: 'workerd',
  supports,
  unsupportedReasons,
  localDevelopment: true,
  scenarios: Object.keys(scenarios),
};

async function startRuntime(options: WorkerdAdapterOptions): Promise<MiniflareInstance> {
  // The CLI resolves the runtime (and tries the date) before the run and hands it here; used on
  // its own, the adapter resolves it now, with the defaults.
  const runtime = options.runtime ?? await resolveWorkerdRuntime(options.compatibilityDate, { miniflare: options.miniflare, workerd: options.workerd });
  const miniflare = await importMiniflare(runtime.launcher.path);
  return startMiniflare(miniflare, runtime, {
    script: await workerScript(),
    compatibilityDate: options.compatibilityDate ?? runtime.compatibilityDate,
    durableObjects: { [BINDING]: { className: CLASS_NAME, useSQLite: true } },
  });
}

/** Far above any call's own bound (the spec kit's --timeout): the protocol's bound is not the subject here. */
const REQUEST_BOUND_MS = 24 * 60 * 60 * 1000;

export function createWorkerdAdapter(options: WorkerdAdapterOptions = {}): StorageAdapter {
  let mf: MiniflareInstance | undefined;
  const name = options.name ?? (options.compatibilityDate === undefined ? 'workerd' : `workerd@${options.compatibilityDate}`);
  const adapter = protocolAdapter({
    name,
    manifest,
    timeoutMs: REQUEST_BOUND_MS,
    startupMs: REQUEST_BOUND_MS,
    async connect() {
      const started = await startRuntime(options);
      mf = started;
      const transport = httpTransport(HOST_URL, (url, init) => started.dispatchFetch(url, init), name);
      return {
        host: transport.host,
        send: transport.send,
        async close() {
          if (mf === started) mf = undefined;
          await started.dispose();
        },
      };
    },
  });
  const instanceOf = async (client: ProtocolClient, object: ProtocolObject): Promise<string> => {
    void client;
    if (!mf) throw new Error('specgate workerd adapter: the runtime is not running');
    return JSON.parse(await (await mf.dispatchFetch(`${HOST_URL}instance?object=${encodeURIComponent(object.hostId)}`)).text()) as string;
  };
  return {
    ...adapter,
    // Starts workerd (seconds on a loaded machine): the spec kit calls it before any spec, bounded
    // by the start-up limit, so that no spec's timeout counts it.
    async create(): Promise<WorkerdStorageObject> {
      const object = (await adapter.create()) as ProtocolObject;
      const client = await adapter.client();
      return Object.assign(object, { instanceId: () => instanceOf(client, object) });
    },
  };
}

export const workerdAdapter = createWorkerdAdapter();
export default workerdAdapter;
