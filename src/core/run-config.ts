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

/** Where one zone API target given by URL is: parsed and checked before anything starts (cli/run-config.ts). */
export interface TargetPlace {
  /** The base URL, ending in /client/v4 (given with or without it). */
  baseUrl: string;
  /** Its control API, without a trailing slash, when it has one (--control). */
  controlUrl?: string;
}

/** Host networking (the container listens on this machine's port) or a bridge (its port published). */
export type NetworkMode = 'host' | 'bridge';

/** A container the run starts as its zone API target (--target-image and its flags), parsed and checked. */
export interface ContainerConfig {
  /** Image to run, NAME[:TAG][@DIGEST] (pulled when the engine does not have it). */
  image: string;
  /**
   * Port the server listens on in the container, told to it as SPECGATE_PORT (--target-port). 0: a
   * free port of this machine under host networking, 8787 with a bridge.
   */
  port: number;
  /** Its environment: the run's credentials as SPECGATE_* under the --target-env entries, which win. */
  env: Record<string, string>;
  /** --target-network; none: host when the engine has no bridge network. */
  network?: NetworkMode;
  /** How long the image may take to answer its base URL once started (--target-startup-timeout). */
  startupTimeoutMs: number;
  /** A control API given for it (--control, or the config file's target.control); else its own, at /__control. */
  controlUrl?: string;
}

/** How the zone API suite reaches its targets. */
export interface ZoneApiConfig {
  /**
   * The targets given by URL (--target, paired in order with --control); none: the bundled
   * reference, started in-process, or the container of `container` once it runs.
   */
  targets: TargetPlace[];
  /** The image started as the target (--target-image); its place is known once it runs. */
  container?: ContainerConfig;
  /** Credentials of the targets given by URL or started from an image (the bundled reference makes its own). */
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
   * --budget: the API requests a core run of the zone suite may send, which sizes its model and
   * property specs (spec-kit/request-budget.ts); 'unbounded': their full case counts. Not given:
   * DEFAULT_REQUEST_BUDGET for a target given by URL or image, unbounded for the bundled reference.
   */
  requestBudget?: number | 'unbounded';
  /**
   * Specs each test worker runs at once where every spec has zones of its own (a target with a
   * control API): a spec mostly waits on the network, so many overlap on one CPU.
   */
  concurrency: number;
}

/**
 * The part of the zone API settings each target of a run holds, whole (spec-kit/target.ts): what
 * its specs need of the configuration beside where the target is and its credentials.
 */
export type ZoneTargetSettings = Pick<ZoneApiConfig, 'timeoutMs' | 'realTime' | 'zones'>;

/** A production account's API quota for 5 minutes: the budget of a run against a target given by URL or image. */
export const DEFAULT_REQUEST_BUDGET = 1200;

/** Below this, the specs that are not sized by the budget alone send more than it (suites/zone-api/requests.json). */
export const MIN_REQUEST_BUDGET = 100;

/** The run's settings for its zone API targets, as each target holds them. */
export const zoneTargetSettings = ({ timeoutMs, realTime, zones }: ZoneApiConfig): ZoneTargetSettings =>
  ({ timeoutMs, realTime, ...(zones && { zones }) });

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
  /**
   * --share-workers: the adapters share one vitest project (one worker pool, one import of the
   * spec kit and the spec files for all of them) instead of a project each. Cheaper with many
   * in-process adapters; an adapter that kills its worker then takes the others' specs with it.
   */
  shareWorkers?: boolean;
}

/** The part of the storage settings each adapter's specs hold, whole (spec-kit/worker-context.ts). */
export type StorageTargetSettings = Pick<StorageConfig, 'timeoutMs' | 'startupMs' | 'realTime'>;

/** The run's settings for its storage adapters, as each adapter's specs hold them. */
export const storageTargetSettings = ({ timeoutMs, startupMs, realTime }: StorageConfig): StorageTargetSettings =>
  ({ timeoutMs, startupMs, realTime: realTime === true });

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
/** The port a target image's server listens on by default (--target-port), told to it as SPECGATE_PORT. */
export const DEFAULT_CONTAINER_PORT = 8787;
/** How long a target image may take to answer by default (--target-startup-timeout). */
export const DEFAULT_CONTAINER_STARTUP_MS = 60_000;
/** The longest delay Node's timers hold (2^31-1 ms); a longer one fires after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;
