// The adapter of a host: a storage runtime in another process, in any language, that speaks the
// storage protocol (docs/storage-protocol.md) over HTTP (`--adapter http://...`) or JSON lines on
// stdio (`--adapter 'stdio:<command>'`). The CLI reads the host's manifest once before the run
// (readManifest) and hands it to the test workers as data, so that each worker's adapter knows
// what the host supports before it connects.

import type { StorageAdapter } from '../../../contract/storage.js';
import { HostFault, ProtocolClient, protocolAdapter } from './client.js';
import type { Manifest } from './messages.js';
import { connect, describeHost, type HostAddress } from './transports.js';

export { HostFault, describeHost, type HostAddress, type Manifest };

export interface HostAdapterOptions {
  host: HostAddress;
  /** The manifest the CLI read; read now when absent. */
  manifest?: Manifest;
  name?: string;
  /** Each request's bound (default 30 s). */
  timeoutMs?: number;
  /** The start's bound: the connection and the manifest (default 60 s). */
  startupMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_STARTUP_MS = 60_000;

/** Connects to the host, asks its manifest (checked) and disconnects (a command is stopped). */
export async function readManifest(host: HostAddress, startupMs = DEFAULT_STARTUP_MS): Promise<Manifest> {
  const client = new ProtocolClient(connect(host), startupMs);
  try {
    return await client.manifest(startupMs);
  } finally {
    await client.close();
  }
}

export async function createHostAdapter(options: HostAdapterOptions): Promise<StorageAdapter> {
  const startupMs = options.startupMs ?? DEFAULT_STARTUP_MS;
  const manifest = options.manifest ?? await readManifest(options.host, startupMs);
  return protocolAdapter({
    ...(options.name !== undefined && { name: options.name }),
    manifest,
    connect: async () => connect(options.host),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    startupMs,
  });
}

/** Whether an error is the host's fault, not the storage's (a set-up error of the run). */
export const isHostFault = (error: unknown): error is HostFault => error instanceof HostFault
  || (error as { setUpError?: unknown } | null)?.setUpError === true;
