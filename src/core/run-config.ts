// The options of one run, defined once: the CLI produces a RunConfig from its flags and the config
// file alike (cli/run-config.ts), and hands it whole to the runner, which hands each part whole to
// what needs it (the zone API targets, the storage adapters). Nothing copies options field by field.

import type { Plan } from '../../contract/control.js';
import type { AdapterChoice } from './adapter-choice.js';
import type { SuiteName } from '../../requirements/model.js';
import type { Gate, Selection } from './selection.js';
import type { ZoneAllowance } from '../../requirements/declarations.js';

export interface Credentials {
  token?: string;
  email?: string;
  key?: string;
}

/**
 * A zone a target without a control API provides for specs of one plan: its ID and domain name,
 * and what its owner allows a run to do there beyond creating and deleting its own objects
 * (core/zone-safety.ts; nothing by default).
 */
export interface ProvidedZone { id: string; name: string; allow?: ZoneAllowance[] }
export type ProvidedZones = Partial<Record<Plan, ProvidedZone>>;

/** How the zone API suite reaches its targets. */
export interface ZoneApiConfig {
  /** Base URLs (with or without /client/v4); none: the bundled reference, started in-process. */
  targets: string[];
  /** The targets' control APIs, one per target in the same order, or none. */
  controls: string[];
  credentials: Credentials;
  /** Zones the targets provide per plan, for targets without a control API. */
  zones?: ProvidedZones;
  /** Where specs need time to pass and the target's clock cannot be moved, wait for real. */
  realTime: boolean;
  /** The date to run at (ms since epoch): the target's clock is set there when it can be. */
  asOf?: number;
  /** How long a request may go unanswered before its spec fails. */
  timeoutMs: number;
  /**
   * How long a spec may take of its own time (spec-kit/budget.ts): the time it waits on the target
   * (answers, pacing, retry-after, real time) is not counted.
   */
  specTimeoutMs: number;
  /** Requests per second at most against the zone API targets, across the run. */
  maxRps?: number;
  /**
   * Specs each test worker runs at once where every spec has zones of its own (a target with a
   * control API): a spec mostly waits on the network, so many overlap on one CPU.
   */
  concurrency: number;
}

/** Which storage adapters the storage suite runs against. */
export interface StorageConfig {
  /** The adapters, parsed and checked (core/adapter-choice.ts; `reference`: both reference backends). */
  adapters: AdapterChoice[];
  /** workerd's compatibility date for `workerd` (`workerd@DATE` names its own). */
  compatibilityDate?: string;
  /** The miniflare the workerd adapter runs (--miniflare): a folder it is installed in, or its package folder. */
  miniflare?: string;
  /** The workerd binary the workerd adapter runs (--workerd). */
  workerd?: string;
  /** How long one call into an adapter (a storage method, create(), run(), the clock) may take: --timeout. */
  timeoutMs: number;
  /** How long an adapter's runtime may take to start (its start(), before any spec): --startup-timeout. */
  startupMs: number;
  /** How long a storage spec may take of its own time, its calls into the adapter not counted (--spec-timeout). */
  specTimeoutMs: number;
  /**
   * --real-time: on an adapter without a virtual clock, also the alarm specs that wait minutes of
   * real time (those of seconds always run there).
   */
  realTime?: boolean;
}

export interface RunConfig {
  suites: SuiteName[];
  zoneApi: ZoneApiConfig;
  storage: StorageConfig;
  /** Profile, areas, requirements, levels and shard. */
  selection: Selection;
  /** Only specs whose full name matches this regular expression. */
  grep?: string;
  /** Seed of the property-based specs. */
  seed: number;
  /** The verdict the exit code gates on. */
  gate: Gate;
  /**
   * Gated specs skipped for reasons the target did not declare (no control API, no zone, a
   * credential scheme not given, a clock that cannot be set) leave the outcome passed instead of
   * incomplete (exit 3).
   */
  acceptIncomplete: boolean;
  /**
   * Check every target and adapter before any spec runs (targets/preflight.ts), stopping at the
   * first setup mistake. Off (--no-preflight, for debugging): only that a target answers at all,
   * so that the specs show what a mistake does to them.
   */
  preflight: boolean;
  /** Gate on this baseline of known failures, or (update) rewrite it from the run's failures. */
  baseline?: { file: string; update: boolean };
  /** Where the report goes; reports/<run-id>/ of the working directory by default. */
  reportDir?: string;
  /** Show progress while specs run. */
  verbose: boolean;
  /** Where the progress goes: stderr when stdout carries JSON (--json, --reporter json). */
  progressTo?: 'stdout' | 'stderr';
  /** Stop the run once this many gated specs have failed (--bail: 1, --max-failures N). */
  maxFailures?: number;
}

export const DEFAULT_SEED = 20261121;
export const DEFAULT_TIMEOUT_MS = 15_000;
/** A zone API spec's budget of its own time by default (--spec-timeout). */
export const DEFAULT_SPEC_TIMEOUT_MS = 60_000;
/** How long an adapter's runtime may take to start by default (--startup-timeout): workerd takes 4–26 s on a loaded machine. */
export const DEFAULT_STARTUP_MS = 180_000;
/** Specs in flight per worker by default (--concurrency): enough to hide a round trip of 50–200 ms. */
export const DEFAULT_CONCURRENCY = 16;
/** The longest delay Node's timers hold (2^31-1 ms); a longer one fires after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
