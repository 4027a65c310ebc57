// Resolves the zone API target of a run: the bundled reference (started in-process on an
// ephemeral loopback port, with the control API) or a base URL given by the user.

import { startReferenceServer } from './bundled.js';
import { checkReachable, checkZoneTarget, preflightError, type ZonePreflight, type ZoneTargetPlace } from './preflight.js';
import { ControlClient } from '../spec-kit/control.js';
import { requestsOutsideSpecs } from '../spec-kit/request-count.js';
import { DEFAULT_REQUEST_BUDGET, zoneTargetSettings, type TargetPlace, type ZoneApiConfig } from '../core/run-config.js';
import type { ZoneApiTarget } from '../spec-kit/target.js';

export interface ResolvedTarget {
  target: ZoneApiTarget;
  stop(): Promise<void>;
}

/**
 * Where the run's zone API targets are (their places were parsed and checked with the rest of the
 * configuration, cli/run-config.ts): each place of --target (several run side by side), or, with
 * none, the bundled reference (undefined).
 */
export const targetPlaces = (config: ZoneApiConfig): (TargetPlace | undefined)[] => (config.targets.length === 0 ? [undefined] : config.targets);

/** What the run decides for every target alike. */
export interface TargetRunSettings {
  /** --max-rps divided among the run's workers. */
  maxRpsPerWorker?: number | undefined;
  /** 1 / the run's workers: each worker's part of a quota the target declares. */
  quotaSharePerWorker?: number;
  /** Every check of the preflight (the default), or (--no-preflight) only that the target answers. */
  preflight?: boolean;
}

/**
 * A target of the run, ready for specs: the bundled reference (started here, `place` undefined) or
 * a base URL, holding the run's zone API settings whole. Either passes the preflight
 * (targets/preflight.ts) first: a failed check throws its one line (exit 2) before anything else happens.
 */
export async function resolveZoneTarget(place: TargetPlace | undefined, config: ZoneApiConfig, run: TargetRunSettings): Promise<ResolvedTarget> {
  const resolvedByRun = {
    ...(run.maxRpsPerWorker !== undefined && { maxRpsPerWorker: run.maxRpsPerWorker }),
    ...(run.quotaSharePerWorker !== undefined && { quotaSharePerWorker: run.quotaSharePerWorker }),
  };
  if (!place) {
    const bundled = await startBundledReference(config, run.preflight ?? true);
    const budget = requestBudgetOf(config, 'unbounded');
    return { target: { ...bundled.target, ...resolvedByRun, ...(budget !== undefined && { requestBudget: budget }) }, stop: bundled.stop };
  }
  const where = placeOf(place, config);
  const preflight = await (run.preflight === false ? checkReachable(where) : checkZoneTarget(where));
  const failed = preflightError(preflight);
  if (failed) throw failed;
  const clock = await settleClock(place.controlUrl, config.asOf, preflight.targetDate);
  const budget = requestBudgetOf(config, DEFAULT_REQUEST_BUDGET);
  const target: ZoneApiTarget = {
    name: place.baseUrl, ...place, credentials: config.credentials, settings: zoneTargetSettings(config), ...resolvedByRun,
    ...(budget !== undefined && { requestBudget: budget }),
    asOf: clock.asOf, clockSettable: clock.clockSettable, ...(clock.zoneClocks && { zoneClocks: true }),
  };
  return { target, stop: clock.restore };
}

/**
 * The API requests a core run may send against the target (--budget), else the default: the
 * production quota for a target given by URL or image (it may be a real account's), unbounded for
 * the bundled reference. Undefined: unbounded.
 */
function requestBudgetOf(config: ZoneApiConfig, byDefault: number | 'unbounded'): number | undefined {
  const budget = config.requestBudget ?? byDefault;
  return budget === 'unbounded' ? undefined : budget;
}

/** A target given by URL as its preflight sees it: the place, the credentials and the zones the config file provides. Contacts nothing. */
export function placeOf(place: TargetPlace, config: ZoneApiConfig): ZoneTargetPlace {
  return { ...place, credentials: config.credentials, timeoutMs: config.timeoutMs, ...(config.zones && { zones: config.zones }) };
}

/** The bundled reference, started in test mode on a free loopback port, and its preflight. */
export async function startBundledReference(config: ZoneApiConfig, full = true): Promise<ResolvedTarget & { preflight: ZonePreflight }> {
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
      target: { name: 'reference', baseUrl: server.baseUrl, controlUrl: server.controlUrl!, credentials: server.credentials, settings: zoneTargetSettings(config), asOf, clockSettable: true, zoneClocks: true },
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
    const control = new ControlClient(controlUrl, {}, undefined, requestsOutsideSpecs);
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
