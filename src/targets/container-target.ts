// Container targets (--target-image NAME:TAG [--target-port N] [--target-env K=V]
// [--target-network host|bridge], parsed into the run's ContainerConfig by cli/container-flags.ts):
// the image is started with testcontainers, the run waits until its base URL answers HTTP, runs
// against it as against any --target URL, and stops and removes the container afterwards.
//
// The jobs around the start are modules of their own: which engine and whether it has a bridge
// (container-engine.ts), the networking and the port (container-ports.ts), the clean-up when the
// process exits otherwise (container-exit.ts, which runs container-cleanup.mjs).
//
// Cleanup. specgate stops and removes the container itself when the run ends or fails, when the
// image never answers, and when the process exits otherwise (container-exit.ts). testcontainers'
// reaper container (Ryuk) removes it on the one path no handler sees, SIGKILL. Ryuk is left on
// where it can run, and turned off (unless the user set TESTCONTAINERS_RYUK_DISABLED) where it
// cannot: under host networking (it needs a published port) and where its image is neither
// present nor pullable.

import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { Readable } from 'node:stream';
import type { BoundPorts, ContainerRuntimeClient, StartedTestContainer, WaitStrategy } from 'testcontainers';
import { UnreachableError } from '../core/errors.js';
import { requireOptionalPart } from '../core/optional-package.js';
import { redactor } from '../core/redact.js';
import { DEFAULT_CONTAINER_PORT, DEFAULT_CONTAINER_STARTUP_MS, type ContainerConfig, type NetworkMode } from '../core/run-config.js';
import { connect, loadTestcontainers, messageOf, probeEngine } from './container-engine.js';
import { removeWhenExiting } from './container-exit.js';
import { containerPort, networkOf, prepareHostNetworking } from './container-ports.js';

export { NoDockerError } from './container-engine.js';
export type { NetworkMode } from '../core/run-config.js';

export const DEFAULT_BASE_PATH = '/client/v4';
/** Label on every container specgate starts; its value is unique to the start. */
export const TARGET_LABEL = 'org.specgate.target';
/** Last container log lines kept for the message of a container that did not come up. */
const LOG_LINES_KEPT = 20;

/** The image could not be pulled, created or started, or never answered on its base URL. */
export class ContainerStartError extends UnreachableError {
  constructor(readonly image: string, readonly causeMessage: string, readonly logLines: string[] = []) {
    super(`container from image ${image} did not start: ${causeMessage}${logLines.length > 0 ? `\nlast lines of its log:\n${logLines.map((line) => `  ${line}`).join('\n')}` : ''}`);
    this.name = 'ContainerStartError';
  }
}

/** What to start: the run's ContainerConfig (its defaults where left out), and where its APIs are. */
export interface ContainerTargetOptions extends Partial<Omit<ContainerConfig, 'image' | 'controlUrl'>> {
  image: string;
  /** Path of the zone API under the container's origin. */
  basePath?: string;
  /** Path of a control API under the same origin (the reference image: /__control), if any. */
  controlPath?: string;
  /** Strings never to show in an error message (credentials); every env value is hidden too. */
  secrets?: string[];
}

export interface ContainerTarget {
  /** Base URL of the zone API as the host reaches it, e.g. http://127.0.0.1:32768/client/v4. */
  baseUrl: string;
  /** Control API URL, when controlPath was given. */
  controlUrl?: string;
  /** The container's ID, for messages. */
  containerId: string;
  network: NetworkMode;
  /** The port the server listens on in the container. */
  port: number;
  /** Whether testcontainers' reaper watches the container (else only specgate's own cleanup does). */
  reaper: boolean;
  /** Stops and removes the container; safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * Starts the image and resolves once its base URL gives any HTTP answer (a zone API answers its
 * base path with an envelope, a 4xx without credentials). Throws NoDockerError when no engine is
 * reachable, ContainerStartError when the image cannot be pulled or started or never answers.
 */
export async function startContainerTarget(options: ContainerTargetOptions): Promise<ContainerTarget> {
  const { image, basePath = DEFAULT_BASE_PATH, controlPath, startupTimeoutMs = DEFAULT_CONTAINER_STARTUP_MS } = options;
  requireOptionalPart('container', '--target-image');
  const engine = await probeEngine();
  const network = networkOf(options.network, engine);
  const port = await containerPort(options.port ?? DEFAULT_CONTAINER_PORT, network, engine);
  const env = { SPECGATE_PORT: String(port), ...options.env };
  const redact = redactor([...Object.values(options.env ?? {}), ...(options.secrets ?? [])]);
  if (network === 'host') prepareHostNetworking(engine);
  const { GenericContainer } = await loadTestcontainers();
  const client = await connect(engine);
  const reaper = await reaperUsable(client);

  /** GenericContainer that tells which container it created, so one that fails to start is removed. */
  class RecordingContainer extends GenericContainer {
    constructor(name: string, private readonly onCreated: (id: string) => void) { super(name); }
    protected override async containerCreated(containerId: string): Promise<void> { this.onCreated(containerId); }
  }

  const startId = randomUUID();
  const release = removeWhenExiting(client, `${TARGET_LABEL}=${startId}`);
  const logLines: string[] = [];
  let createdId: string | undefined;
  const container = new RecordingContainer(image, (id) => { createdId = id; })
    .withEnvironment(env)
    .withLabels({ [TARGET_LABEL]: startId })
    .withWaitStrategy(answersHttp(client, basePath, port, network))
    .withStartupTimeout(startupTimeoutMs)
    .withLogConsumer((stream: Readable) => collectLines(stream, logLines));
  if (network === 'host') container.withNetworkMode('host');
  else container.withExposedPorts(port);

  let started: StartedTestContainer;
  try {
    started = await container.start();
  } catch (error) {
    // testcontainers stops and removes a container whose wait failed, but not one that failed
    // before (its start refused, its ports never bound): whatever still exists is removed here.
    if (createdId !== undefined) await removeIfLeft(client, createdId);
    release();
    // testcontainers' own message may carry the log too; it is shown once, below, redacted.
    const cause = messageOf(error).replace(/, last \d+ logs:[\s\S]*$/, '');
    throw new ContainerStartError(image, redact(cause), logLines.slice(-LOG_LINES_KEPT).map(redact));
  }

  const host = started.getHost();
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${network === 'host' ? port : started.getMappedPort(port)}`;
  let stopping: Promise<void> | undefined;
  return {
    baseUrl: origin + basePath,
    ...(controlPath !== undefined && { controlUrl: origin + controlPath }),
    containerId: started.getId(),
    network,
    port,
    reaper,
    stop: () => (stopping ??= started.stop({ timeout: 0, remove: true }).then(() => undefined).finally(release)),
  };
}

/** Runs fn against a container target and stops the container afterwards, also when fn throws. */
export async function withContainerTarget<T>(options: ContainerTargetOptions, fn: (target: ContainerTarget) => Promise<T>): Promise<T> {
  const target = await startContainerTarget(options);
  try {
    return await fn(target);
  } finally {
    await target.stop();
  }
}

/**
 * Whether testcontainers' reaper can watch the container. Off when the user turned it off (or host
 * networking did); else on if its image is present or can be pulled, and turned off otherwise (an
 * engine without a registry), specgate's own cleanup then being the only one.
 */
async function reaperUsable(client: ContainerRuntimeClient): Promise<boolean> {
  const setting = process.env.TESTCONTAINERS_RYUK_DISABLED;
  if (setting === 'true') return false;
  if (setting) return true; // set to anything else: testcontainers runs it, as the user asked
  const { ImageName } = await loadTestcontainers();
  const { REAPER_IMAGE } = await import('testcontainers/build/reaper/reaper.js');
  const image = ImageName.fromString(REAPER_IMAGE);
  try {
    if (!(await client.image.exists(image))) await client.image.pull(image);
    return true;
  } catch {
    process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
    return false;
  }
}

// --- Waiting ------------------------------------------------------------------------------------

/**
 * testcontainers' wait strategy for "any HTTP answer on the base path", under both networkings (its
 * own HTTP wait asks for the published port, which host networking has not). Each round first
 * checks that the container still runs: one that exited fails at once, with its exit code.
 */
function answersHttp(client: ContainerRuntimeClient, path: string, port: number, network: NetworkMode): WaitStrategy {
  let timeoutMs = DEFAULT_CONTAINER_STARTUP_MS;
  let timeoutSet = false;
  return {
    withStartupTimeout(ms: number) { timeoutMs = ms; timeoutSet = true; return this; },
    isStartupTimeoutSet: () => timeoutSet,
    getStartupTimeout: () => timeoutMs,
    async waitUntilReady(container, boundPorts: BoundPorts) {
      const host = client.info.containerRuntime.host;
      const url = `http://${host.includes(':') ? `[${host}]` : host}:${network === 'host' ? port : boundPorts.getBinding(port)}${path}`;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { State: state } = await container.inspect();
        if (!state.Running) throw new Error(`the container exited (code ${state.ExitCode}) before answering ${path}`);
        if (await answersAnyHttp(url)) return;
        if (Date.now() >= deadline) throw new Error(`no HTTP answer on ${path} (port ${port}) within ${timeoutMs / 1000} s`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
  };
}

function answersAnyHttp(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(url, { timeout: 2_000 }, (response) => { response.resume(); resolve(true); });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}

// --- Cleanup ------------------------------------------------------------------------------------

async function removeIfLeft(client: ContainerRuntimeClient, containerId: string): Promise<void> {
  try {
    const container = client.container.getById(containerId);
    const state = (await client.container.inspect(container)).State;
    if (state.Running) await client.container.stop(container, { timeout: 0 });
    await client.container.remove(container, { removeVolumes: true });
  } catch {
    // Gone already (the usual case), or the engine went away; Ryuk, when on, reaps what is left.
  }
}

// --- Messages -----------------------------------------------------------------------------------

function collectLines(stream: Readable, lines: string[]): void {
  let partial = '';
  stream.on('data', (chunk: Buffer | string) => {
    const parts = (partial + chunk.toString()).split(/\r?\n/);
    partial = parts.pop() ?? '';
    lines.push(...parts.filter((line) => line.trim() !== ''));
    if (lines.length > LOG_LINES_KEPT * 2) lines.splice(0, lines.length - LOG_LINES_KEPT);
  });
  stream.on('end', () => { if (partial.trim() !== '') lines.push(partial); partial = ''; });
  stream.on('error', () => {});
}
