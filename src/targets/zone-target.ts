// Resolves the zone API target of a run: the bundled reference (started in-process on an
// ephemeral loopback port, with the control API) or a base URL given by the user.

import { UsageError } from '../core/errors.js';
import { startReferenceServer } from './bundled.js';
import { checkReachable, checkZoneTarget, preflightError, type ZonePreflight, type ZoneTargetPlace } from './preflight.js';
import { ControlClient } from '../spec-kit/control.js';
import type { ZoneApiConfig } from '../core/run-config.js';
import type { ZoneApiTarget } from '../spec-kit/target.js';

export interface ResolvedTarget {
  target: ZoneApiTarget;
  stop(): Promise<void>;
}

/** Where one zone API target is: a base URL and its control API, or neither for the bundled reference. */
export interface TargetPlace { url?: string; controlUrl?: string }

/**
 * Where the run's zone API targets are: the bundled reference, or each base URL of --target
 * (several, separated by commas, run side by side, paired in order with the URLs of --control).
 */
export function targetPlaces(config: ZoneApiConfig): TargetPlace[] {
  const { targets, controls } = config;
  if (controls.length > 0 && controls.length !== targets.length) throw new UsageError(`--control: ${controls.length} URLs for ${targets.length} targets; give one per target, in the same order`);
  return targets.length === 0 ? [{}] : targets.map((url, i) => ({ url, ...(controls[i] !== undefined && { controlUrl: controls[i] }) }));
}

/** What the run decides for every target alike. */
export interface TargetRunSettings {
  /** --max-rps divided among the run's workers. */
  maxRpsPerWorker?: number | undefined;
  /** Every check of the preflight (the default), or (--no-preflight) only that the target answers. */
  preflight?: boolean;
}

/**
 * A target of the run, ready for specs: the bundled reference (started here) or a base URL, with
 * the run's zone API settings, taken whole. Either passes the preflight (targets/preflight.ts)
 * first: a failed check throws its one line (exit 2) before anything else happens.
 */
export async function resolveZoneTarget(place: TargetPlace, config: ZoneApiConfig, run: TargetRunSettings): Promise<ResolvedTarget> {
  const settings = {
    timeoutMs: config.timeoutMs,
    ...(config.realTime && { realTime: true }),
    ...(run.maxRpsPerWorker !== undefined && { maxRpsPerWorker: run.maxRpsPerWorker }),
  };
  if (!place.url) return startBundledReference(config, settings, run.preflight ?? true);
  const where = placeOf({ ...place, url: place.url }, config);
  const preflight = await (run.preflight === false ? checkReachable(where) : checkZoneTarget(where));
  const failed = preflightError(preflight);
  if (failed) throw failed;
  const { baseUrl, controlUrl, credentials } = where;
  const clock = await settleClock(controlUrl, config.asOf, preflight.targetDate);
  const target: ZoneApiTarget = {
    name: baseUrl, baseUrl, credentials, ...settings, asOf: clock.asOf, clockSettable: clock.clockSettable, ...(clock.zoneClocks && { zoneClocks: true }),
    ...(config.zones && { zones: config.zones }),
    ...(controlUrl && { controlUrl }),
  };
  return { target, stop: clock.restore };
}

/**
 * Where a target given by URL is, for its preflight: the base URL normalized, the control URL,
 * the credentials (required) and the zones the config file provides. Contacts nothing.
 */
export function placeOf(place: TargetPlace & { url: string }, config: ZoneApiConfig): ZoneTargetPlace {
  const baseUrl = normalizeBaseUrl(place.url);
  const { credentials } = config;
  if (!credentials.token && !(credentials.email && credentials.key)) {
    throw new UsageError('a target URL needs credentials: --token T, or --email E --key K (or SPECGATE_TOKEN, SPECGATE_EMAIL and SPECGATE_KEY)');
  }
  const controlUrl = place.controlUrl?.replace(/\/$/, '');
  return { baseUrl, credentials, timeoutMs: config.timeoutMs, ...(controlUrl && { controlUrl }), ...(config.zones && { zones: config.zones }) };
}

type TargetSettings = Pick<ZoneApiTarget, 'timeoutMs' | 'realTime' | 'maxRpsPerWorker'>;

/** The bundled reference, started in test mode on a free loopback port, and its preflight. */
export async function startBundledReference(config: ZoneApiConfig, settings: TargetSettings, full = true): Promise<ResolvedTarget & { preflight: ZonePreflight }> {
  const server = await startReferenceServer({ testMode: true });
  try {
    const where = { baseUrl: server.baseUrl, controlUrl: server.controlUrl!, credentials: server.credentials, timeoutMs: config.timeoutMs, bundled: true };
    const preflight = await (full ? checkZoneTarget(where) : checkReachable(where));
    const failed = preflightError(preflight);
    if (failed) throw failed;
    // A frozen clock (moved only by specs) makes every time boundary exact to the millisecond.
    const asOf = config.asOf ?? Date.now();
    server.clock.set(asOf);
    return {
      target: { name: 'reference', baseUrl: server.baseUrl, credentials: server.credentials, controlUrl: server.controlUrl!, ...settings, asOf, clockSettable: true, zoneClocks: true },
      stop: () => server.close(),
      preflight,
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}

interface SettledClock {
  asOf: number;
  clockSettable: boolean;
  /** The control API gives zones clocks of their own (`per_zone`). */
  zoneClocks?: boolean;
  /** Puts the target's clock back as the run found it (the run's end). */
  restore(): Promise<void>;
}

/**
 * Where the run's clock stands. A target whose control API answers the clock is set to --as-of
 * (or left at its own time); any other target is taken to be at --as-of, or at the date its
 * responses carry. Specs move a settable clock and leave it frozen: `restore` puts it back as it
 * was found: running in real time again (DELETE /clock), or frozen where it stood.
 */
async function settleClock(controlUrl: string | undefined, asOf: number | undefined, targetDate: number | undefined): Promise<SettledClock> {
  if (controlUrl) {
    const control = new ControlClient(controlUrl);
    const found = await control.now().catch(() => undefined);
    if (found) {
      if (asOf !== undefined) await control.setClock(asOf);
      const restore = async () => {
        // A clock that does not say whether it stood still is taken to have run in real time.
        await (found.frozen === true ? control.setClock(found.epoch_ms) : control.releaseClock()).catch(() => undefined);
      };
      const clock = await control.now();
      return { asOf: clock.epoch_ms, clockSettable: true, ...(clock.per_zone === true && { zoneClocks: true }), restore };
    }
  }
  return { asOf: asOf ?? targetDate ?? Date.now(), clockSettable: false, restore: async () => {} };
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
