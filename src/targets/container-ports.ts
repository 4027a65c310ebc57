// How a container target is networked, and on which port its server listens.
//
// An engine with a bridge network publishes the container's port on a free host port
// (testcontainers' mapped port). An engine without one (dockerd --bridge=none, as this project's CI
// runs it: no iptables rules, nothing but 127.0.0.1) cannot publish ports: the container shares the
// host's network and listens on the host's port itself. Under host networking two containers cannot
// both listen on 8787: --target-port 0 picks a free port of this machine, and every container is
// told its port as SPECGATE_PORT (the reference image listens there).

import { createServer } from 'node:net';
import { UsageError } from '../core/errors.js';
import { DEFAULT_CONTAINER_PORT, type NetworkMode } from '../core/run-config.js';
import type { EngineProbe } from './container-engine.js';

/** --target-network if given, else host networking on an engine known to have no bridge network. */
export const networkOf = (requested: NetworkMode | undefined, engine: EngineProbe | undefined): NetworkMode =>
  requested ?? (engine?.hasBridge === false ? 'host' : 'bridge');

/** The port the container's server will listen on; under host networking, one free on this machine. */
export async function containerPort(requested: number, network: NetworkMode, engine: EngineProbe | undefined): Promise<number> {
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
export function prepareHostNetworking(engine: EngineProbe | undefined, env: NodeJS.ProcessEnv = process.env): void {
  const dockerHost = env.DOCKER_HOST;
  const localSocket = engine ? engine.socketPath !== undefined : !dockerHost || dockerHost.startsWith('unix:');
  if (localSocket && env.TESTCONTAINERS_HOST_OVERRIDE === undefined) env.TESTCONTAINERS_HOST_OVERRIDE = '127.0.0.1';
  if (!env.TESTCONTAINERS_RYUK_DISABLED) env.TESTCONTAINERS_RYUK_DISABLED = 'true';
}
