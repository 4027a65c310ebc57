// Container targets (--target-image NAME:TAG [--target-port N] [--target-env K=V]
// [--target-network host|bridge]): the image is started with testcontainers, the run waits until its
// base URL answers HTTP, runs against it as against any --target URL, and stops and removes the
// container afterwards.
//
// Finding the Docker engine is testcontainers' job, in its order: tc.host from
// ~/.testcontainers.properties, DOCKER_HOST (or docker.host in that file, with DOCKER_TLS_VERIFY
// and DOCKER_CERT_PATH), /var/run/docker.sock, then the rootless sockets. It reads that
// configuration once per process and caches the client it finds.
//
// Networking. An engine with a bridge network publishes the container's port on a free host port
// (testcontainers' mapped port). An engine without one (dockerd --bridge=none, as this project's CI
// runs it: no iptables rules, nothing but 127.0.0.1) cannot publish ports: the container shares the
// host's network and listens on the host's port itself. specgate asks the engine whether it has a
// bridge network, unless --target-network says which. Under host networking two containers cannot
// both listen on 8787: --target-port 0 picks a free port of this machine, and every container is
// told its port as SPECGATE_PORT (the reference image listens there).
//
// Cleanup. specgate stops and removes the container itself when the run ends or fails, when the
// image never answers, and when the process exits otherwise: on SIGINT, SIGTERM and SIGHUP (a run
// in progress ends as the signal would end it, 130, 143 or 129) and on any other exit, the 'exit' handler
// removes the container synchronously, through a short child process (nothing asynchronous runs
// once a process is exiting). testcontainers' reaper container (Ryuk) removes it on the one path
// no handler sees, SIGKILL. Ryuk is left on where it can run, and turned off (unless the user set
// TESTCONTAINERS_RYUK_DISABLED) where it cannot: under host networking (it needs a published port)
// and where its image is neither present nor pullable.

import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { constants, homedir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { BoundPorts, ContainerRuntimeClient, StartedTestContainer, WaitStrategy } from 'testcontainers';
import type { Credentials } from '../spec-kit/target.js';
import { UnreachableError, UsageError } from '../core/errors.js';
import { requireOptionalPart } from '../core/optional-package.js';
import { redactor } from '../core/redact.js';
import { MAX_TIMER_MS } from '../core/run-config.js';

export const DEFAULT_CONTAINER_PORT = 8787;
export const DEFAULT_BASE_PATH = '/client/v4';
export const DEFAULT_STARTUP_TIMEOUT_MS = 60_000;
/** Label on every container specgate starts; its value is unique to the start. */
export const TARGET_LABEL = 'org.specgate.target';
/** Last container log lines kept for the message of a container that did not come up. */
const LOG_LINES_KEPT = 20;
const DEFAULT_SOCKET = '/var/run/docker.sock';

export type NetworkMode = 'host' | 'bridge';

// testcontainers (with dockerode and its SSH and gRPC clients) takes about 2 s to load: loaded
// on the first container start only, so that importing this module (for its flag parsing) costs
// nothing to runs without --target-image.
type Testcontainers = typeof import('testcontainers');
let testcontainersModule: Promise<Testcontainers> | undefined;
const loadTestcontainers = (): Promise<Testcontainers> => (testcontainersModule ??= import('testcontainers'));

/** No Docker engine answers: the run cannot start the image (exit 2, as an unreachable target). */
export class NoDockerError extends UnreachableError {
  constructor(detail: string) {
    super(`no Docker engine reachable (${detail}): --target-image needs one; set DOCKER_HOST or start Docker`);
    this.name = 'NoDockerError';
  }
}

/** The image could not be pulled, created or started, or never answered on its base URL. */
export class ContainerStartError extends UnreachableError {
  constructor(readonly image: string, readonly causeMessage: string, readonly logLines: string[] = []) {
    super(`container from image ${image} did not start: ${causeMessage}${logLines.length > 0 ? `\nlast lines of its log:\n${logLines.map((line) => `  ${line}`).join('\n')}` : ''}`);
    this.name = 'ContainerStartError';
  }
}

export interface ContainerTargetOptions {
  /** Image to run, NAME:TAG (pulled when the engine does not have it). */
  image: string;
  /**
   * Port the server listens on in the container (default 8787), told to it as SPECGATE_PORT. With a
   * bridge it is published on a free host port; with host networking it is the host's port. 0: a
   * free port of this machine under host networking, 8787 with a bridge.
   */
  port?: number;
  /** Environment of the container (wins over SPECGATE_PORT). */
  env?: Record<string, string>;
  /** Path of the zone API under the container's origin. */
  basePath?: string;
  /** Path of a control API under the same origin (the reference image: /__control), if any. */
  controlPath?: string;
  /** How long the image may take to answer its base URL once started. */
  startupTimeoutMs?: number;
  /** Strings never to show in an error message (credentials); every env value is hidden too. */
  secrets?: string[];
  /** Host or bridge networking; default: host when the engine has no bridge network. */
  network?: NetworkMode;
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
  const { image, basePath = DEFAULT_BASE_PATH, controlPath, startupTimeoutMs = DEFAULT_STARTUP_TIMEOUT_MS } = options;
  requireOptionalPart('container', '--target-image');
  const engine = await probeEngine();
  const network = options.network ?? (engine?.hasBridge === false ? 'host' : 'bridge');
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
 * The credentials of a run against a container, and the environment that hands them to it. The
 * reference image reads SPECGATE_TOKEN, SPECGATE_EMAIL and SPECGATE_KEY (as `specgate serve`
 * does). Credentials given to the run (flags or the SPECGATE_* variables of specgate's own
 * environment) come first, then those a --target-env SPECGATE_* entry names; with neither, fresh
 * ones are generated. Explicit --target-env entries are never overridden.
 */
export function containerCredentials(given: Credentials, targetEnv: Record<string, string>): { credentials: Credentials; env: Record<string, string> } {
  let credentials: Credentials = {
    ...((given.token ?? targetEnv.SPECGATE_TOKEN) && { token: given.token ?? targetEnv.SPECGATE_TOKEN }),
    ...(given.email && given.key ? { email: given.email, key: given.key }
      : targetEnv.SPECGATE_EMAIL && targetEnv.SPECGATE_KEY ? { email: targetEnv.SPECGATE_EMAIL, key: targetEnv.SPECGATE_KEY } : {}),
  };
  if (!credentials.token && !credentials.key) {
    credentials = { token: randomBytes(30).toString('base64url'), email: 'operator@specgate.test', key: randomBytes(19).toString('hex').slice(0, 37) };
  }
  const forwarded: Record<string, string> = {
    ...(credentials.token && { SPECGATE_TOKEN: credentials.token }),
    ...(credentials.email && credentials.key && { SPECGATE_EMAIL: credentials.email, SPECGATE_KEY: credentials.key }),
  };
  return { credentials, env: { ...forwarded, ...targetEnv } };
}

/** --target-env K=V entries (repeatable) as an environment; the value may contain '=' or be empty. */
export function parseTargetEnv(entries: readonly string[] | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const entry of entries ?? []) {
    const eq = entry.indexOf('=');
    if (eq < 0) throw new UsageError(`--target-env must be KEY=VALUE, got "${entry.length > 40 ? `${entry.slice(0, 40)}…` : entry}" (no "=")`);
    const key = entry.slice(0, eq);
    if (key === '') throw new UsageError('--target-env must be KEY=VALUE, got an entry with an empty key');
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key)) throw new UsageError(`--target-env: "${key}" is not an environment variable name`);
    env[key] = entry.slice(eq + 1);
  }
  return env;
}

/** --target-port: the port the server listens on inside the container (default 8787; 0: specgate picks). */
export function parseTargetPort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_CONTAINER_PORT;
  const port = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--target-port must be an integer from 0 to 65535 (0: a free port), got "${text}"`);
  return port;
}

/** --target-image: NAME[:TAG][@DIGEST], no spaces. */
export function parseTargetImage(text: string | undefined): string {
  const image = text?.trim() ?? '';
  if (image === '' || /\s/.test(image) || image.startsWith('-')) throw new UsageError(`--target-image must be an image name such as specgate-reference:latest, got "${text ?? ''}"`);
  return image;
}

/** --target-network: host or bridge; undefined lets specgate ask the engine. */
export function parseTargetNetwork(text: string | undefined): NetworkMode | undefined {
  if (text === undefined || text === 'host' || text === 'bridge') return text;
  throw new UsageError(`--target-network must be host or bridge, got "${text}"`);
}

/** --target-startup-timeout S: seconds the image may take to answer (default 60). */
export function parseStartupTimeout(text: string | undefined): number {
  if (text === undefined) return DEFAULT_STARTUP_TIMEOUT_MS;
  const seconds = Number(text);
  if (!(Number.isFinite(seconds) && seconds > 0)) throw new UsageError(`--target-startup-timeout must be a positive number of seconds, got "${text}"`);
  // Node's timers hold at most 2^31-1 ms: a longer wait would end at once.
  if (seconds * 1000 > MAX_TIMER_MS) throw new UsageError(`--target-startup-timeout must be at most ${Math.floor(MAX_TIMER_MS / 1000)} seconds (Node's timers go no further), got ${text}`);
  return Math.round(seconds * 1000);
}

// --- The engine ---------------------------------------------------------------------------------

/** Where the engine is, as far as specgate can ask it itself (plain HTTP on a socket or TCP). */
interface EngineProbe {
  socketPath?: string;
  host?: string;
  port?: number;
  /** The engine runs on this machine: its host network is this machine's. */
  local: boolean;
  /** Whether it has a network of the bridge driver; undefined when it would not say. */
  hasBridge: boolean | undefined;
}

/**
 * Asks the engine testcontainers will use (DOCKER_HOST, else the default socket) for its networks.
 * A DOCKER_HOST that does not answer is reported here, so that a wrong one is not bypassed by
 * testcontainers' fallback to the default socket. undefined where specgate cannot ask (TLS and ssh
 * engines, whose keys testcontainers holds; an engine named in ~/.testcontainers.properties; no
 * socket): testcontainers finds it, and it is taken to have a bridge.
 */
async function probeEngine(): Promise<EngineProbe | undefined> {
  if (configuredInPropertiesFile()) return undefined;
  const dockerHost = process.env.DOCKER_HOST;
  if (!dockerHost) {
    if (!existsSync(DEFAULT_SOCKET)) return undefined;
    const answer = await engineGet({ socketPath: DEFAULT_SOCKET }, '/networks');
    return 'error' in answer ? undefined : { socketPath: DEFAULT_SOCKET, local: true, hasBridge: hasBridgeNetwork(answer) };
  }
  let url: URL;
  try {
    url = new URL(dockerHost);
  } catch {
    throw new NoDockerError(`DOCKER_HOST=${displayHost(dockerHost)}: not a URL`);
  }
  if (process.env.DOCKER_TLS_VERIFY === '1' || (url.protocol !== 'tcp:' && url.protocol !== 'http:' && url.protocol !== 'unix:')) return undefined;
  const where = url.protocol === 'unix:' ? { socketPath: url.pathname } : { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 2375) };
  const answer = await engineGet(where, '/networks');
  if ('error' in answer) throw new NoDockerError(`DOCKER_HOST=${displayHost(dockerHost)}: ${answer.error}`);
  const local = where.socketPath !== undefined || /^(127\.|::1$|localhost$)/.test(where.host ?? '');
  return { ...where, local, hasBridge: hasBridgeNetwork(answer) };
}

function configuredInPropertiesFile(): boolean {
  try {
    return /^\s*(tc\.host|docker\.host)\s*=/m.test(readFileSync(join(homedir(), '.testcontainers.properties'), 'utf8'));
  } catch {
    return false;
  }
}

type EngineAnswer = { status: number; body: string } | { error: string };

/**
 * One GET on a connection of its own (agent: false), closed after the answer. Through Node's shared
 * keep-alive agent the connection would be left idle for dockerode's first call, and when loading
 * testcontainers blocks this process for longer than the engine keeps an idle connection (seconds
 * on a loaded machine), that call went out on a connection the engine had closed: "socket hang up",
 * which testcontainers reports as "Could not find a working container runtime strategy".
 */
function engineGet(where: { socketPath?: string; host?: string; port?: number }, path: string): Promise<EngineAnswer> {
  return new Promise((resolve) => {
    const req = request({ ...where, path, method: 'GET', timeout: 5_000, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 5 s')));
    req.on('error', (error: Error) => resolve({ error: error.message }));
    req.end();
  });
}

function hasBridgeNetwork(answer: { status: number; body: string }): boolean | undefined {
  if (answer.status !== 200) return undefined;
  try {
    const networks = JSON.parse(answer.body) as { Driver?: string }[];
    return Array.isArray(networks) ? networks.some((network) => network.Driver === 'bridge') : undefined;
  } catch {
    return undefined;
  }
}

/** The port the container's server will listen on; under host networking, one free on this machine. */
async function containerPort(requested: number, network: NetworkMode, engine: EngineProbe | undefined): Promise<number> {
  if (network === 'bridge') {
    if (engine?.hasBridge === false) throw new UsageError('--target-network bridge: the Docker engine has no bridge network, so it cannot publish the container\'s port; leave --target-network out (host networking is used on such an engine)');
    return requested === 0 ? DEFAULT_CONTAINER_PORT : requested;
  }
  if (engine && !engine.local) {
    if (requested === 0) throw new UsageError('--target-port 0 picks a free port of this machine, and the engine runs on another (DOCKER_HOST): give the port');
    return requested;
  }
  if (requested === 0) return freeLocalPort();
  if (await portInUse(requested)) {
    throw new UsageError(`port ${requested} is in use on this machine, and under host networking the container listens on this machine's ports: give --target-port 0 (a free port, told to the image as SPECGATE_PORT) or another port`);
  }
  return requested;
}

/** Whether a server on all interfaces (as the reference image listens) could not bind the port. */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(false)));
  });
}

function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '0.0.0.0', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Host networking, set up through the variables testcontainers reads (each only when the user has
 * not set it). TESTCONTAINERS_HOST_OVERRIDE: for a local socket inside a container (a /.dockerenv
 * exists), testcontainers would look for the bridge network's gateway, which this engine has not;
 * the container's port is this machine's. TESTCONTAINERS_RYUK_DISABLED: the reaper is reached on a
 * published port, which this engine cannot publish.
 */
function prepareHostNetworking(engine: EngineProbe | undefined): void {
  const dockerHost = process.env.DOCKER_HOST;
  const localSocket = engine ? engine.socketPath !== undefined : !dockerHost || dockerHost.startsWith('unix:');
  if (localSocket && process.env.TESTCONTAINERS_HOST_OVERRIDE === undefined) process.env.TESTCONTAINERS_HOST_OVERRIDE = '127.0.0.1';
  if (!process.env.TESTCONTAINERS_RYUK_DISABLED) process.env.TESTCONTAINERS_RYUK_DISABLED = 'true';
}

async function connect(engine: EngineProbe | undefined): Promise<ContainerRuntimeClient> {
  try {
    return await (await loadTestcontainers()).getContainerRuntimeClient();
  } catch (error) {
    const dockerHost = process.env.DOCKER_HOST;
    const where = dockerHost ? `DOCKER_HOST=${displayHost(dockerHost)}`
      : engine ? `${DEFAULT_SOCKET} answers, but testcontainers could not use it; DEBUG='testcontainers*' shows why`
        : `DOCKER_HOST unset, no engine at ${DEFAULT_SOCKET} or the rootless sockets`;
    throw new NoDockerError(`${where}: ${messageOf(error)}`);
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
  let timeoutMs = DEFAULT_STARTUP_TIMEOUT_MS;
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

/** How to reach the engine from a child process: dockerode's connection settings, as plain data. */
interface EngineAddress { socketPath?: string; host?: string; port?: number; https: boolean; ca?: string; cert?: string; key?: string }

function engineAddress(client: ContainerRuntimeClient): EngineAddress | undefined {
  const modem = client.container.getById('specgate').modem as Record<string, unknown>;
  if (modem.protocol === 'ssh') return undefined; // its tunnel lives in this process; Ryuk covers it
  const text = (value: unknown) => (value === undefined ? undefined : Array.isArray(value) ? value.map(String).join('\n') : String(value));
  return {
    ...(typeof modem.socketPath === 'string' && { socketPath: modem.socketPath }),
    ...(typeof modem.host === 'string' && { host: modem.host, port: Number(modem.port) }),
    https: modem.protocol === 'https',
    ...(modem.ca !== undefined && { ca: text(modem.ca) }),
    ...(modem.cert !== undefined && { cert: text(modem.cert) }),
    ...(modem.key !== undefined && { key: text(modem.key) }),
  };
}

// Run by `node -e` while this process exits: removes (force: kill first) every container carrying
// the label, and says so on stderr. Plain JavaScript, node's own modules only.
const REMOVE_BY_LABEL = `
const { engine, label } = JSON.parse(process.argv[1]);
const http = require(engine.https ? 'https' : 'http');
const call = (method, path) => new Promise((resolve, reject) => {
  const { https, ...where } = engine;
  const req = http.request({ ...where, method, path, timeout: 10000 }, (res) => {
    let body = '';
    res.on('data', (d) => { body += d; });
    res.on('end', () => resolve({ status: res.statusCode, body }));
  });
  req.on('timeout', () => req.destroy(new Error('no answer in 10 s')));
  req.on('error', reject);
  req.end();
});
(async () => {
  const list = await call('GET', '/containers/json?all=1&filters=' + encodeURIComponent(JSON.stringify({ label: [label] })));
  for (const { Id } of JSON.parse(list.body)) {
    const removed = await call('DELETE', '/containers/' + Id + '?force=1&v=1');
    process.stderr.write('specgate: exiting: container ' + Id.slice(0, 12) + (removed.status < 300 ? ' removed' : ' not removed: ' + removed.body.trim()) + '\\n');
  }
})().catch((error) => { process.stderr.write('specgate: exiting: could not remove the target container: ' + error.message + '\\n'); process.exitCode = 1; });
`;

/** Signals whose default action ends the process: Ctrl-C, kill, a closed terminal. */
const EXIT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Until the returned function is called: on exit, remove the container synchronously; on SIGINT,
 * SIGTERM and SIGHUP, exit as the signal would have (130, 143, 129). Not left to other listeners: during a run
 * vitest's ends the process a millisecond later, but signal-exit's (testcontainers loads it) only
 * re-raises the signal when it is the last listener, which it no longer is.
 */
function removeWhenExiting(client: ContainerRuntimeClient, label: string): () => void {
  const engine = engineAddress(client);
  const onExit = () => {
    if (!engine) return;
    const env = { ...process.env };
    delete env.NODE_OPTIONS;
    spawnSync(process.execPath, ['-e', REMOVE_BY_LABEL, JSON.stringify({ engine, label })], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 20_000, env });
  };
  const onSignal = (signal: NodeJS.Signals) => process.exit(128 + (constants.signals[signal] ?? 0));
  process.once('exit', onExit);
  for (const signal of EXIT_SIGNALS) process.on(signal, onSignal);
  return () => {
    process.off('exit', onExit);
    for (const signal of EXIT_SIGNALS) process.off(signal, onSignal);
  };
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

/** A DOCKER_HOST for messages: without a user or password it may carry. */
function displayHost(dockerHost: string): string {
  try {
    const url = new URL(dockerHost);
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return dockerHost;
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).trim();
