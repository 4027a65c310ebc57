// Which Docker engine a container target runs on, as far as specgate can ask it itself (plain HTTP
// on a socket or TCP, before testcontainers is loaded), and testcontainers' client for it.
//
// Finding the engine is testcontainers' job, in its order: tc.host from
// ~/.testcontainers.properties, DOCKER_HOST (or docker.host in that file, with DOCKER_TLS_VERIFY
// and DOCKER_CERT_PATH), /var/run/docker.sock, then the rootless sockets. It reads that
// configuration once per process and caches the client it finds. specgate asks the same engine
// whether it has a bridge network (container-ports.ts decides the networking from that), and
// reports a DOCKER_HOST that does not answer itself, so that a wrong one is not bypassed by
// testcontainers' fallback to the default socket.

import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { ContainerRuntimeClient } from 'testcontainers';
import { UnreachableError } from '../core/errors.js';

export const DEFAULT_SOCKET = '/var/run/docker.sock';

/** No Docker engine answers: the run cannot start the image (exit 2, as an unreachable target). */
export class NoDockerError extends UnreachableError {
  constructor(detail: string) {
    super(`no Docker engine reachable (${detail}): --target-image needs one; set DOCKER_HOST or start Docker`);
    this.name = 'NoDockerError';
  }
}

/** Where the engine is, as far as specgate can ask it itself. */
export interface EngineProbe {
  socketPath?: string;
  host?: string;
  port?: number;
  /** The engine runs on this machine: its host network is this machine's. */
  local: boolean;
  /** Whether it has a network of the bridge driver; undefined when it would not say. */
  hasBridge: boolean | undefined;
}

// testcontainers (with dockerode and its SSH and gRPC clients) takes about 2 s to load: loaded on
// the first container start only, so that importing the container modules costs nothing to runs
// without --target-image.
type Testcontainers = typeof import('testcontainers');
let testcontainersModule: Promise<Testcontainers> | undefined;
export const loadTestcontainers = (): Promise<Testcontainers> => (testcontainersModule ??= import('testcontainers'));

/**
 * Asks the engine testcontainers will use (DOCKER_HOST, else the default socket) for its networks.
 * undefined where specgate cannot ask (TLS and ssh engines, whose keys testcontainers holds; an
 * engine named in ~/.testcontainers.properties; no socket): testcontainers finds it, and it is
 * taken to have a bridge.
 */
export async function probeEngine(env: NodeJS.ProcessEnv = process.env): Promise<EngineProbe | undefined> {
  if (configuredInPropertiesFile()) return undefined;
  const dockerHost = env.DOCKER_HOST;
  if (!dockerHost) {
    if (!existsSync(DEFAULT_SOCKET)) return undefined;
    const answer = await engineGet({ socketPath: DEFAULT_SOCKET }, '/networks');
    return 'error' in answer ? undefined : { socketPath: DEFAULT_SOCKET, local: true, hasBridge: hasBridgeNetwork(answer) };
  }
  const where = engineWhere(dockerHost, env.DOCKER_TLS_VERIFY === '1');
  if (!where) return undefined;
  const answer = await engineGet(where, '/networks');
  if ('error' in answer) throw new NoDockerError(`DOCKER_HOST=${displayHost(dockerHost)}: ${answer.error}`);
  const local = where.socketPath !== undefined || /^(127\.|::1$|localhost$)/.test(where.host ?? '');
  return { ...where, local, hasBridge: hasBridgeNetwork(answer) };
}

type EngineWhere = { socketPath: string; host?: undefined } | { host: string; port: number; socketPath?: undefined };

/** Where a DOCKER_HOST is, when specgate can ask it in plain HTTP; undefined for TLS and ssh. */
export function engineWhere(dockerHost: string, tlsVerify: boolean): EngineWhere | undefined {
  let url: URL;
  try {
    url = new URL(dockerHost);
  } catch {
    throw new NoDockerError(`DOCKER_HOST=${displayHost(dockerHost)}: not a URL`);
  }
  if (tlsVerify || (url.protocol !== 'tcp:' && url.protocol !== 'http:' && url.protocol !== 'unix:')) return undefined;
  return url.protocol === 'unix:' ? { socketPath: url.pathname } : { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || 2375) };
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

/** Whether GET /networks lists a network of the bridge driver; undefined when the answer does not say. */
export function hasBridgeNetwork(answer: { status: number; body: string }): boolean | undefined {
  if (answer.status !== 200) return undefined;
  try {
    const networks = JSON.parse(answer.body) as { Driver?: string }[];
    return Array.isArray(networks) ? networks.some((network) => network.Driver === 'bridge') : undefined;
  } catch {
    return undefined;
  }
}

/** testcontainers' client for the engine; NoDockerError, saying where it looked, when it finds none. */
export async function connect(engine: EngineProbe | undefined): Promise<ContainerRuntimeClient> {
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

/** A DOCKER_HOST for messages: without a user or password it may carry. */
export function displayHost(dockerHost: string): string {
  try {
    const url = new URL(dockerHost);
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/$/, '');
  } catch {
    return dockerHost;
  }
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).trim();
