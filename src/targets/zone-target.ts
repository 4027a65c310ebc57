// Resolves the zone API target of a run: the bundled reference (started in-process on an
// ephemeral loopback port, with the control API) or a base URL given by the user.

import { startReferenceServer } from './bundled.js';
import type { Credentials, ZoneApiTarget } from '../spec-kit/target.js';

export class UsageError extends Error {}

export interface ResolvedTarget {
  target: ZoneApiTarget;
  stop(): Promise<void>;
}

export interface TargetRequest {
  /** Base URL; absent for the bundled reference. */
  url?: string;
  credentials: Credentials;
  controlUrl?: string;
  seed: number;
  realTime?: boolean;
}

export async function resolveZoneTarget(request: TargetRequest): Promise<ResolvedTarget> {
  if (!request.url) return startBundledReference(request.seed, request.realTime === true);
  const baseUrl = normalizeBaseUrl(request.url);
  if (!request.credentials.token && !(request.credentials.email && request.credentials.key)) {
    throw new UsageError('a target URL needs credentials: --token T, or --email E --key K');
  }
  await assertReachable(baseUrl);
  if (request.controlUrl) await assertReachable(request.controlUrl.replace(/\/$/, ''));
  const target: ZoneApiTarget = { name: baseUrl, baseUrl, credentials: request.credentials, seed: request.seed, ...(request.realTime && { realTime: true }) };
  if (request.controlUrl) target.controlUrl = request.controlUrl.replace(/\/$/, '');
  return { target, stop: async () => {} };
}

async function startBundledReference(seed: number, realTime: boolean): Promise<ResolvedTarget> {
  const server = await startReferenceServer({ testMode: true });
  // A frozen clock (moved only by specs) makes every time boundary exact to the millisecond.
  server.clock.set(Date.now());
  return {
    target: { name: 'reference', baseUrl: server.baseUrl, credentials: server.credentials, controlUrl: server.controlUrl!, seed, ...(realTime && { realTime }) },
    stop: () => server.close(),
  };
}

function normalizeBaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--target is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`--target must be an http or https URL: ${url}`);
  return parsed.toString().replace(/\/$/, '');
}

/** Any HTTP answer means reachable; a refused connection or a timeout does not. */
async function assertReachable(url: string): Promise<void> {
  try {
    await fetch(url, { method: 'GET', signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new UnreachableError(`target unreachable: ${url} (${cause})`);
  }
}

export class UnreachableError extends Error {}
