// What a spec knows about the target it runs against, handed from the CLI process to the test
// workers in their context (spec-kit/worker-context.ts).

import type { Credentials, TargetPlace, ZoneTargetSettings } from '../core/run-config.js';

export type { Credentials, ProvidedZone, ProvidedZones } from '../core/run-config.js';

export type Auth =
  | { scheme: 'token'; token: string }
  | { scheme: 'key'; email: string; key: string };

/** The target as a spec sees it (the `target` fixture): the resolved target and the run's seed. */
export type SpecTarget = ZoneApiTarget & {
  /** Seed for property-based specs; recorded in the report so a failure replays. */
  seed: number;
};

/**
 * A zone API target as the run resolved it (targets/zone-target.ts): where it is and the
 * credentials it takes (the run's for a target given by URL or image, its own for the bundled
 * reference), the run's settings for it held whole, and what the run found out about it.
 */
export interface ZoneApiTarget extends TargetPlace {
  /** Human-readable target name for reports: "reference" or the base URL. */
  name: string;
  /** Credentials of one or both schemes; specs of a scheme with no credentials are skipped. */
  credentials: Credentials;
  /** The run's settings for its zone API targets (--timeout, --real-time, the config file's zones), as configured. */
  settings: ZoneTargetSettings;
  /**
   * The date the run treats the target as being at (ms since epoch): --as-of, else the target's
   * own clock. Dated specs decide from it which side of a change the target is on.
   */
  asOf: number;
  /** Whether the target's clock can be set through its control API (both sides of a date testable). */
  clockSettable: boolean;
  /**
   * Whether the target keeps a clock per zone (its control API's clock answers `per_zone: true`):
   * then specs that move time move only their own zones' clocks and run alongside the others.
   */
  zoneClocks?: boolean;
  /** --max-rps divided among the run's workers: requests each worker may start per second. */
  maxRpsPerWorker?: number;
  /**
   * The API requests a core run may send against the target (--budget; 1,200 by default for a
   * target given by URL or image): it sizes the model and property specs (spec-kit/request-budget.ts).
   * Absent: unbounded (the bundled reference's default), each runs its full case count.
   */
  requestBudget?: number;
  /**
   * The part of a quota the target declares (Ratelimit-Policy) that each worker may use: 1 / the
   * run's workers, since they send to the target at once and the quota is for all of them.
   */
  quotaSharePerWorker?: number;
}

// TaskMeta lives in vitest's runner package; augmenting it there types `task.meta` and `meta:`.
declare module '@vitest/runner' {
  interface TaskMeta {
    /** The target the spec runs against, as reports name it (a project may hold several: spec-kit/worker-context.ts). */
    target?: string;
    /** Requirement IDs a spec verifies (see requirements/zone-api). */
    requirements?: string[];
    /**
     * Set by a spec that checks many requirements at once (a model-based spec) when it fails: the
     * ones its failure shows violated. The others it cites are left unverified by that run, not failed.
     */
    failedRequirements?: string[];
    /** The seed a property-based spec ran with. */
    seed?: number;
    /** Why a spec citing core requirements still belongs to the extended profile. */
    extended?: string;
    /** The requirements the spec's convention checks cite (SpecOptions.conventions). */
    conventions?: string[];
    /** What its convention checks found, in the order they ran (spec-kit/assertion-profiles.ts). */
    conventionChecks?: import('../core/records.js').ConventionCheck[];
    /** The last request and response of a failed spec, credentials redacted. */
    exchange?: string;
    /** The side of a dated change of the Versioning table a spec verifies (see core/dates.ts). */
    dated?: { date: string; side: 'before' | 'after' };
    /** It failed because something ran out of time: its budget, a request or a storage call (spec-kit/budget.ts). */
    timedOut?: true;
    /** Requests the spec sent to the target's API, and calls to its control API (spec-kit/request-count.ts). */
    requests?: number;
    controlRequests?: number;
    /** A model or property spec sized by the run's request budget: its allowance, and the cases it ran of those drawn (spec-kit/request-budget.ts). */
    sized?: { allowance: number; cases: number; drawn: number };
    /** A spec sized by a request budget, in every run: its share of the budget and its floor (spec-kit/request-budget.ts). */
    budgetShare?: { share: number; floor: number };
  }
}

/** The credentials of each scheme that was configured. */
export function schemes(credentials: Credentials): { token?: Auth; key?: Auth } {
  return {
    ...(credentials.token !== undefined && { token: { scheme: 'token', token: credentials.token } }),
    ...(credentials.email !== undefined && credentials.key !== undefined && { key: { scheme: 'key', email: credentials.email, key: credentials.key } }),
  };
}

/** The scheme specs use by default: the bearer token when there is one. */
export function defaultAuth(credentials: Credentials): Auth {
  const { token, key } = schemes(credentials);
  const auth = token ?? key;
  if (!auth) throw new Error('no credentials: give a token, or an email and a key');
  return auth;
}

/** Secrets that must never appear in an artefact (the email too: it identifies the account). */
export function secretsOf(credentials: Credentials): string[] {
  return [credentials.token, credentials.key, credentials.email].filter((s): s is string => typeof s === 'string' && s.length > 0);
}

export function authHeaders(auth: Auth): Record<string, string> {
  return auth.scheme === 'token'
    ? { authorization: `Bearer ${auth.token}` }
    : { 'x-auth-email': auth.email, 'x-auth-key': auth.key };
}
