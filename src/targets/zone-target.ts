// Resolves the zone API target of a run: the bundled reference (started in-process on an
// ephemeral loopback port, with the control API) or a base URL given by the user.

import { UnreachableError, UsageError } from '../core/errors.js';
import { startReferenceServer } from './bundled.js';
import { ControlClient } from '../spec-kit/control.js';
import type { ZoneApiConfig } from '../core/run-config.js';
import type { ZoneApiTarget } from '../spec-kit/target.js';

export interface ResolvedTarget {
  target: ZoneApiTarget;
  stop(): Promise<void>;
}

/** Where one zone API target is: a base URL and its control API, or neither for the bundled reference. */
export interface TargetPlace { url?: string; controlUrl?: string }

/** What the run decides for every target alike. */
export interface TargetRunSettings {
  seed: number;
  /** --max-rps divided among the run's workers. */
  maxRpsPerWorker?: number | undefined;
}

/**
 * A target of the run, ready for specs: the bundled reference (started here) or a base URL (checked
 * reachable here), with the run's zone API settings, taken whole.
 */
export async function resolveZoneTarget(place: TargetPlace, config: ZoneApiConfig, run: TargetRunSettings): Promise<ResolvedTarget> {
  const settings = {
    seed: run.seed,
    timeoutMs: config.timeoutMs,
    ...(config.realTime && { realTime: true }),
    ...(run.maxRpsPerWorker !== undefined && { maxRpsPerWorker: run.maxRpsPerWorker }),
  };
  if (!place.url) return startBundledReference(config, settings);
  const baseUrl = normalizeBaseUrl(place.url);
  const { credentials } = config;
  if (!credentials.token && !(credentials.email && credentials.key)) {
    throw new UsageError('a target URL needs credentials: --token T, or --email E --key K');
  }
  const targetDate = await assertReachable(baseUrl);
  const controlUrl = place.controlUrl?.replace(/\/$/, '');
  if (controlUrl) await assertReachable(controlUrl);
  const clock = await settleClock(controlUrl, config.asOf, targetDate);
  const target: ZoneApiTarget = {
    name: baseUrl, baseUrl, credentials, ...settings, ...clock,
    ...(config.zones && { zones: config.zones }),
    ...(controlUrl && { controlUrl }),
  };
  return { target, stop: async () => {} };
}

type TargetSettings = Pick<ZoneApiTarget, 'seed' | 'timeoutMs' | 'realTime' | 'maxRpsPerWorker'>;

async function startBundledReference(config: ZoneApiConfig, settings: TargetSettings): Promise<ResolvedTarget> {
  const server = await startReferenceServer({ testMode: true });
  // A frozen clock (moved only by specs) makes every time boundary exact to the millisecond.
  const asOf = config.asOf ?? Date.now();
  server.clock.set(asOf);
  return {
    target: { name: 'reference', baseUrl: server.baseUrl, credentials: server.credentials, controlUrl: server.controlUrl!, ...settings, asOf, clockSettable: true, zoneClocks: true },
    stop: () => server.close(),
  };
}

/**
 * Where the run's clock stands. A target whose control API answers the clock is set to --as-of
 * (or left at its own time); any other target is taken to be at --as-of, or at the date its
 * responses carry.
 */
async function settleClock(controlUrl: string | undefined, asOf: number | undefined, targetDate: number | undefined): Promise<{ asOf: number; clockSettable: boolean; zoneClocks?: boolean }> {
  if (controlUrl) {
    const control = new ControlClient(controlUrl);
    const settable = await control.now().then(() => true, () => false);
    if (settable) {
      if (asOf !== undefined) await control.setClock(asOf);
      const clock = await control.now();
      return { asOf: clock.epoch_ms, clockSettable: true, ...(clock.per_zone === true && { zoneClocks: true }) };
    }
  }
  return { asOf: asOf ?? targetDate ?? Date.now(), clockSettable: false };
}

function normalizeBaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--target is not a URL: ${url}`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(`--target must be an http or https URL: ${url}`);
  if (parsed.search || parsed.hash) throw new UsageError(`--target must be a base URL, without a query or fragment: ${url}`);
  // Given with or without the version suffix: https://api.example.test and .../client/v4 alike.
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${parsed.origin}${path.endsWith('/client/v4') ? path : `${path}/client/v4`}`;
}

/**
 * Any HTTP answer means reachable; a refused connection or a timeout does not. Returns the time
 * the answer's Date header gives, if any.
 */
async function assertReachable(url: string): Promise<number | undefined> {
  try {
    const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
    const date = Date.parse(response.headers.get('date') ?? '');
    return Number.isNaN(date) ? undefined : date;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new UnreachableError(`target unreachable: ${url} (${cause})`);
  }
}

