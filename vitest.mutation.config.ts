// The vitest configuration Stryker runs (stryker.config.mjs, `npm run mutation`): the conformance
// specs of suites/ and the reference's own unit tests, all against the bundled reference *in the
// test worker*, so that Stryker's instrumented copy of reference-impl/ is what they exercise and
// each test's coverage is attributed to it.
//
// Under the CLI the specs get their target from the CLI's process (src/runner/run.ts, provide /
// inject). Here:
// - zone API specs: mutation/zone-api.setup.ts starts the reference server in the worker, one per
//   spec file, with the clock frozen at `mutationAsOf` (as the CLI freezes the bundled target's),
//   and hands it to the specs as `zoneApiTarget`;
// - storage specs: one project per reference backend, with the built-in adapter refs the CLI uses
//   (src/targets/storage-target.ts), which load reference-impl/storage in the worker;
// - unit tests of test/ that exercise reference-impl/ directly (none that spawns the CLI: a child
//   process would not run the instrumented code).
//
// It also runs on its own: `npx vitest run --config vitest.mutation.config.ts`.

import { defineConfig } from 'vitest/config';
import { EVERYTHING } from './src/core/selection.js';
import { BUILTIN_ADAPTERS } from './src/targets/storage-target.js';
import { DEFAULT_SPEC_TIMEOUT_MS, DEFAULT_STARTUP_MS, DEFAULT_TIMEOUT_MS } from './src/core/run-config.js';
import type { WorkerContext } from './src/spec-kit/worker-context.js';

/** The CLI's default seed (src/runner/run.ts DEFAULT_SEED): the same property-based cases. */
const SEED = 20261121;
/** The run's as-of date: now, as for a CLI run without --as-of. */
const AS_OF = Date.now();

/** The worker context every project's specs read (src/spec-kit/worker-context.ts), as the CLI's defaults make it. */
const shared: WorkerContext = { seed: SEED, selection: EVERYTHING, specTimeoutMs: DEFAULT_SPEC_TIMEOUT_MS };

/**
 * Every project's (an inline project does not inherit the root's): far above any test's time on a
 * loaded machine with instrumented code (the longest, a 2,000-run property, takes seconds) and below
 * Stryker's own timeout (timeoutMS + 2 x the test's time), so that a mutant that hangs a spec fails
 * it here, without the worker restart a Stryker timeout costs.
 */
const timeouts = { testTimeout: 15_000, hookTimeout: 15_000 };

/**
 * Every project's too: the test files of one run share the worker's modules instead of importing
 * reference-impl/, fastify and the spec kit again per file. Stryker starts a run per mutant, and
 * this halves a run of every spec (measured with Stryker's own pool settings: 40 s -> 19 s; a
 * one-file run stays ~0.9 s). Safe here: every spec isolates itself by its own zone or object,
 * and the zone API setup starts a fresh server per spec; the same tests pass either way.
 */
const sharedModules = { isolate: false };

export const REFERENCE_UNIT_TESTS = [
  'test/reference-server.test.ts',
  'test/control-api.test.ts',
  'test/expression.test.ts',
  'test/custom-hostnames-reference.test.ts',
  'test/clock-reference.test.ts',
  'test/waf-migration-reference.test.ts',
  'test/waf-input-reference.test.ts',
  'test/waf-model-reference.test.ts',
  'test/dns-records-reference.test.ts',
  'test/settings-reference.test.ts',
  'test/filters-reference.test.ts',
  'test/storage-runtime.test.ts',
  'test/storage-pitr-reference.test.ts',
];

const storageProject = (name: 'reference-kv' | 'reference-sqlite') => ({
  test: {
    name: `storage:${name}`,
    ...timeouts,
    ...sharedModules,
    include: ['suites/storage/**/*.spec.ts'],
    provide: { specgate: { ...shared, storage: { targets: [{ label: `storage:${name}`, ref: BUILTIN_ADAPTERS[name]! }], settings: { timeoutMs: DEFAULT_TIMEOUT_MS, startupMs: DEFAULT_STARTUP_MS, realTime: false } } } },
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'zone-api',
          ...timeouts,
          ...sharedModules,
          include: ['suites/zone-api/**/*.spec.ts'],
          setupFiles: ['mutation/zone-api.setup.ts'],
          provide: { specgate: shared, mutationAsOf: AS_OF },
        },
      },
      storageProject('reference-kv'),
      storageProject('reference-sqlite'),
      {
        test: {
          name: 'reference-unit',
          ...timeouts,
          ...sharedModules,
          include: REFERENCE_UNIT_TESTS,
          provide: { specgate: shared },
        },
      },
    ],
  },
});

declare module 'vitest' {
  export interface ProvidedContext {
    /** The date the zone API project's reference servers are frozen at (ms since epoch): mutation/zone-api.setup.ts. */
    mutationAsOf: number;
  }
}
