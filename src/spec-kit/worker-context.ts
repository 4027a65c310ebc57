// What a run hands its test workers: one typed value under one key of vitest's provide/inject,
// read through one accessor. The runner (runner/run.ts) builds it per vitest project; the spec kit
// reads it. Nothing else crosses from the run's process to a worker (not the environment, not argv).

import { inject } from 'vitest';
import type { StorageTargetRef } from '../core/adapter-module.js';
import type { StorageTargetSettings } from '../core/run-config.js';
import type { Selection } from '../core/selection.js';
import type { ZoneApiTarget } from './target.js';

export interface WorkerContext {
  /** The run's seed: every property-based and model-based spec draws from it (the report records it). */
  seed: number;
  /** Which specs the run selects. */
  selection: Selection;
  /** A spec's budget of its own time, in ms (--spec-timeout; spec-kit/budget.ts). */
  specTimeoutMs: number;
  /**
   * Present in a zone API project: its targets, each with the name reports give it. A project
   * may hold several targets alike in what its specs need (runner/run.ts): each spec is declared
   * once per target, carrying the target's name in its metadata (`meta.target`).
   */
  zoneApi?: {
    targets: Array<{ label: string; target: ZoneApiTarget }>;
    /**
     * Which clock the specs of the project move: 'zone' (only their own zones' clocks, on a target
     * with zone clocks; they run alongside the others), or 'global' (the target's one clock).
     */
    clockScope: 'zone' | 'global';
    /** Whether the specs of a file run concurrently (each in zones of its own; --concurrency). */
    concurrentSpecs: boolean;
  };
  /**
   * Present in a storage project: its adapters, each with the name reports give it. Several share
   * a project with --share-workers (one worker pool and one import of the spec kit for all).
   */
  storage?: {
    targets: Array<{ label: string; ref: StorageTargetRef }>;
    /** The run's settings for its adapters, whole: --timeout (one call into the adapter), --startup-timeout, --real-time. */
    settings: StorageTargetSettings;
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    specgate: WorkerContext;
  }
}

/**
 * The run's context in a test worker; undefined where specs are only declared, not run (`specgate
 * list` imports the spec files with a stand-in for vitest whose inject gives nothing).
 */
export const workerContext = (): WorkerContext | undefined => inject('specgate');
