// --target-image and its flags (--target-port, --target-env, --target-network,
// --target-startup-timeout), parsed and checked into the run's ContainerConfig with the rest of the
// configuration (cli/run-config.ts): a mistake in any flag of the run is refused before a container
// is started for it. Starting it is targets/container-target.ts's job.

import { randomBytes } from 'node:crypto';
import { UsageError } from '../core/errors.js';
import { DEFAULT_CONTAINER_PORT, DEFAULT_CONTAINER_STARTUP_MS, MAX_TIMER_MS, type ContainerConfig, type Credentials, type NetworkMode } from '../core/run-config.js';

/** The flags that only mean something with --target-image. */
export const CONTAINER_FLAGS = ['target-port', 'target-env', 'target-network', 'target-startup-timeout'] as const;

/** The container flags as parseArgs gives them. */
export interface ContainerFlags {
  'target-image'?: string | undefined;
  'target-port'?: string | undefined;
  'target-env'?: string[] | undefined;
  'target-network'?: string | undefined;
  'target-startup-timeout'?: string | undefined;
  target?: string | undefined;
}

/**
 * The container a run starts, and the credentials the run uses against it (those given, or
 * generated and handed to it); undefined without --target-image, whose flags are then refused.
 */
export function containerFrom(flags: ContainerFlags, given: Credentials): { container: ContainerConfig; credentials: Credentials } | undefined {
  if (flags['target-image'] === undefined) {
    const stray = CONTAINER_FLAGS.find((flag) => flags[flag] !== undefined);
    if (stray) throw new UsageError(`--${stray} applies to --target-image`);
    return undefined;
  }
  if (flags.target !== undefined) throw new UsageError('--target-image and --target are two ways to name the target: give one');
  const { credentials, env } = containerCredentials(given, parseTargetEnv(flags['target-env']));
  const image = parseTargetImage(flags['target-image']);
  const port = parseTargetPort(flags['target-port']);
  const startupTimeoutMs = parseStartupTimeout(flags['target-startup-timeout']);
  const network = parseTargetNetwork(flags['target-network']);
  return { container: { image, port, env, startupTimeoutMs, ...(network && { network }) }, credentials };
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
  if (text === undefined) return DEFAULT_CONTAINER_STARTUP_MS;
  const seconds = Number(text);
  if (!(Number.isFinite(seconds) && seconds > 0)) throw new UsageError(`--target-startup-timeout must be a positive number of seconds, got "${text}"`);
  // Node's timers hold at most 2^31-1 ms: a longer wait would end at once.
  if (seconds * 1000 > MAX_TIMER_MS) throw new UsageError(`--target-startup-timeout must be at most ${Math.floor(MAX_TIMER_MS / 1000)} seconds (Node's timers go no further), got ${text}`);
  return Math.round(seconds * 1000);
}
