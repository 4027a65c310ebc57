// specgate's own clean-up of a container target, for the exits no `finally` sees: on SIGINT,
// SIGTERM and SIGHUP a run in progress ends as the signal would end it (130, 143 or 129), and on
// any exit the 'exit' handler removes the container synchronously, through a short child process
// (container-cleanup.mjs: nothing asynchronous runs once a process is exiting). testcontainers'
// reaper container (Ryuk), when on, removes it on the one path no handler sees, SIGKILL.

import { spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ContainerRuntimeClient } from 'testcontainers';

/** How to reach the engine from a child process: dockerode's connection settings, as plain data. */
export interface EngineAddress { socketPath?: string; host?: string; port?: number; https: boolean; ca?: string; cert?: string; key?: string }

/** The clean-up program, a file of the package beside this module (copied to dist/ with it). */
const CLEANUP_PROGRAM = fileURLToPath(new URL('./container-cleanup.mjs', import.meta.url));

/** Signals whose default action ends the process: Ctrl-C, kill, a closed terminal. */
const EXIT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * The engine's address as dockerode holds it (its modem); undefined over ssh, whose tunnel lives
 * in this process (Ryuk covers that case).
 */
export function engineAddress(modem: Record<string, unknown>): EngineAddress | undefined {
  if (modem.protocol === 'ssh') return undefined;
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

/** The command that removes every container carrying `label`: node, the clean-up program and its argument. */
export function cleanupCommand(engine: EngineAddress, label: string): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  // Without NODE_OPTIONS: the run's own (tsx's loader, a preload) would slow a process that must end quickly.
  const { NODE_OPTIONS: _, ...env } = process.env;
  return { command: process.execPath, args: [CLEANUP_PROGRAM, JSON.stringify({ engine, label })], env };
}

/**
 * Until the returned function is called: on exit, remove the containers of `label` synchronously;
 * on SIGINT, SIGTERM and SIGHUP, exit as the signal would have (130, 143, 129). Not left to other
 * listeners: during a run vitest's ends the process a millisecond later, but signal-exit's
 * (testcontainers loads it) only re-raises the signal when it is the last listener, which it no
 * longer is.
 */
export function removeWhenExiting(client: ContainerRuntimeClient, label: string): () => void {
  const engine = engineAddress(client.container.getById('specgate').modem as Record<string, unknown>);
  const onExit = () => {
    if (!engine) return;
    const { command, args, env } = cleanupCommand(engine, label);
    spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], timeout: 20_000, env });
  };
  const onSignal = (signal: NodeJS.Signals) => process.exit(128 + (constants.signals[signal] ?? 0));
  process.once('exit', onExit);
  for (const signal of EXIT_SIGNALS) process.on(signal, onSignal);
  return () => {
    process.off('exit', onExit);
    for (const signal of EXIT_SIGNALS) process.off(signal, onSignal);
  };
}
