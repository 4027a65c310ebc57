// Container targets (--target-image NAME:TAG [--target-port N] [--target-env K=V]): the image is
// started with testcontainers, the run waits until its base URL answers HTTP, runs against it as
// against any --target URL, and stops and removes the container afterwards.
//
// Finding the Docker engine is testcontainers' job, in its order: tc.host from
// ~/.testcontainers.properties, DOCKER_HOST (or docker.host in that file, with DOCKER_TLS_VERIFY
// and DOCKER_CERT_PATH), /var/run/docker.sock, then the rootless sockets. It reads that
// configuration once per process and caches the client it finds.
//
// Ryuk, testcontainers' reaper container, is left as testcontainers configures it: on unless the
// user sets TESTCONTAINERS_RYUK_DISABLED=true. specgate stops the container itself on every path
// it sees (the run ends or fails, the image never answers); Ryuk removes it on the paths specgate
// does not see: the process killed, crashing or interrupted in the middle of a run, which would
// otherwise leave a server running on the user's machine or CI runner. Engines that cannot run
// Ryuk (it mounts the Docker socket; some rootless and remote engines refuse) are what that
// variable is for.

import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Readable } from 'node:stream';
import type { StartedTestContainer } from 'testcontainers';
import type { Credentials } from '../spec-kit/target.js';
import { UnreachableError, UsageError } from './zone-target.js';

export const DEFAULT_CONTAINER_PORT = 8787;
export const DEFAULT_BASE_PATH = '/client/v4';
export const DEFAULT_STARTUP_TIMEOUT_MS = 60_000;
/** Last container log lines kept for the message of a container that did not come up. */
const LOG_LINES_KEPT = 20;

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
  /** Port the server listens on inside the container; published on a free host port. */
  port?: number;
  /** Environment of the container. */
  env?: Record<string, string>;
  /** Path of the zone API under the container's origin. */
  basePath?: string;
  /** Path of a control API under the same origin (the reference image: /__control), if any. */
  controlPath?: string;
  /** How long the image may take to answer its base URL once started. */
  startupTimeoutMs?: number;
  /** Strings never to show in an error message (credentials); every env value is hidden too. */
  secrets?: string[];
}

export interface ContainerTarget {
  /** Base URL of the zone API as the host reaches it, e.g. http://localhost:32768/client/v4. */
  baseUrl: string;
  /** Control API URL, when controlPath was given. */
  controlUrl?: string;
  /** The container's ID, for messages. */
  containerId: string;
  /** Stops and removes the container; safe to call more than once. */
  stop(): Promise<void>;
}

/**
 * Starts the image and resolves once its base URL gives any HTTP answer (a zone API answers its
 * base path with an envelope, a 4xx without credentials). Throws NoDockerError when no engine is
 * reachable, ContainerStartError when the image cannot be pulled or started or never answers.
 */
export async function startContainerTarget(options: ContainerTargetOptions): Promise<ContainerTarget> {
  const { image, port = DEFAULT_CONTAINER_PORT, env = {}, basePath = DEFAULT_BASE_PATH, controlPath, startupTimeoutMs = DEFAULT_STARTUP_TIMEOUT_MS } = options;
  const redact = redactor([...Object.values(env), ...(options.secrets ?? [])]);
  const { GenericContainer, Wait, getContainerRuntimeClient } = await loadTestcontainers();
  await assertDockerReachable();

  /** GenericContainer that tells which container it created, so one that fails to start is removed. */
  class RecordingContainer extends GenericContainer {
    constructor(name: string, private readonly onCreated: (id: string) => void) { super(name); }
    protected override async containerCreated(containerId: string): Promise<void> { this.onCreated(containerId); }
  }

  const logLines: string[] = [];
  let createdId: string | undefined;
  const container = new RecordingContainer(image, (id) => { createdId = id; })
    .withExposedPorts(port)
    .withEnvironment(env)
    .withWaitStrategy(Wait.forHttp(basePath, port, { abortOnContainerExit: true }).forStatusCodeMatching(() => true))
    .withStartupTimeout(startupTimeoutMs)
    .withLogConsumer((stream: Readable) => collectLines(stream, logLines));

  let started: StartedTestContainer;
  try {
    started = await container.start();
  } catch (error) {
    // testcontainers stops and removes a container whose wait failed, but not one that failed
    // before (its start refused, its ports never bound): whatever still exists is removed here.
    if (createdId !== undefined) await removeIfLeft(createdId);
    // testcontainers' own message may carry the log too; it is shown once, below, redacted.
    const cause = messageOf(error).replace(/, last \d+ logs:[\s\S]*$/, '');
    throw new ContainerStartError(image, redact(cause), logLines.slice(-LOG_LINES_KEPT).map(redact));
  }

  const host = started.getHost();
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${started.getMappedPort(port)}`;
  let stopping: Promise<void> | undefined;
  return {
    baseUrl: origin + basePath,
    ...(controlPath !== undefined && { controlUrl: origin + controlPath }),
    containerId: started.getId(),
    stop: () => (stopping ??= started.stop({ timeout: 0, remove: true }).then(() => undefined)),
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

/** --target-port: the port the server listens on inside the container (default 8787). */
export function parseTargetPort(text: string | undefined): number {
  if (text === undefined) return DEFAULT_CONTAINER_PORT;
  const port = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UsageError(`--target-port must be an integer from 1 to 65535, got "${text}"`);
  return port;
}

/** --target-image: NAME[:TAG][@DIGEST], no spaces. */
export function parseTargetImage(text: string | undefined): string {
  const image = text?.trim() ?? '';
  if (image === '' || /\s/.test(image) || image.startsWith('-')) throw new UsageError(`--target-image must be an image name such as specgate-reference:latest, got "${text ?? ''}"`);
  return image;
}

async function assertDockerReachable(): Promise<void> {
  // testcontainers falls back to the default socket when DOCKER_HOST does not answer; an engine
  // the user named explicitly is checked first, so a wrong DOCKER_HOST is reported, not bypassed.
  const dockerHost = process.env.DOCKER_HOST;
  if (dockerHost) {
    const failure = await pingDockerHost(dockerHost);
    if (failure) throw new NoDockerError(`DOCKER_HOST=${displayHost(dockerHost)}: ${failure}`);
  }
  try {
    await (await loadTestcontainers()).getContainerRuntimeClient();
  } catch (error) {
    const where = dockerHost ? `DOCKER_HOST=${displayHost(dockerHost)}` : 'DOCKER_HOST unset, no engine at /var/run/docker.sock or the rootless sockets';
    throw new NoDockerError(`${where}: ${messageOf(error)}`);
  }
}

/** Why DOCKER_HOST does not answer /_ping, or undefined when it does (or cannot be checked here). */
async function pingDockerHost(dockerHost: string): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(dockerHost);
  } catch {
    return 'not a URL';
  }
  // TLS and ssh engines are left to testcontainers, which holds their certificates and keys.
  if (process.env.DOCKER_TLS_VERIFY === '1' || (url.protocol !== 'tcp:' && url.protocol !== 'http:' && url.protocol !== 'unix:')) return undefined;
  const target = url.protocol === 'unix:' ? { socketPath: url.pathname } : { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 2375) };
  return new Promise((resolve) => {
    const req = request({ ...target, path: '/_ping', method: 'GET', timeout: 5_000 }, (response) => {
      response.resume();
      resolve(undefined);
    });
    req.on('timeout', () => req.destroy(new Error('no answer in 5 s')));
    req.on('error', (error: Error) => resolve(error.message));
    req.end();
  });
}

async function removeIfLeft(containerId: string): Promise<void> {
  try {
    const client = await (await loadTestcontainers()).getContainerRuntimeClient();
    const container = client.container.getById(containerId);
    const state = (await client.container.inspect(container)).State;
    if (state.Running) await client.container.stop(container, { timeout: 0 });
    await client.container.remove(container, { removeVolumes: true });
  } catch {
    // Gone already (the usual case), or the engine went away; Ryuk, when on, reaps what is left.
  }
}

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

/** Hides each secret (4 characters or longer; shorter values are not worth hiding and too common). */
function redactor(secrets: string[]): (text: string) => string {
  const hidden = [...new Set(secrets.filter((secret) => secret.length >= 4))].sort((a, b) => b.length - a.length);
  return (text) => hidden.reduce((result, secret) => result.split(secret).join('***'), text);
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
