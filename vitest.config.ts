// The project's own tests (test/). The conformance specs in suites/ are not run from here
// directly: they run through specgate's CLI, against the reference and its broken variants.
import { defineConfig } from 'vitest/config';
import { HeavyFirstSequencer } from './test/helpers/heavy-first.js';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Per-file wall and CPU time, when SPECGATE_CPU_LOG names a file (bench/ci-speed.md).
    setupFiles: ['test/helpers/cpu-per-file.ts'],
    // The CLI runs of the tests run dist/, built once here from the sources (test/helpers/compiled-cli.ts);
    // the runs several files only read are made once, in a folder of this run (test/helpers/shared-runs.ts).
    globalSetup: ['test/helpers/compiled-cli.ts', 'test/helpers/shared-runs-setup.ts'],
    // Most files wait: on specgate child processes, on real time (the real-time alarm checks,
    // workerd). With two files at a time on 2 cores a full run used 1,194 CPU-s in 907 s, about 1.3
    // cores: three at a time overlap the waits with CPU work (bench/ci-speed.md).
    maxWorkers: 3,
    // The longest files first, also on a fresh clone without vitest's timings (test/helpers/heavy-first.ts).
    sequence: { sequencer: HeavyFirstSequencer },
    // Limits for a test or hook that hangs, not for a slow one: most start specgate runs, whose
    // time grows with the machine's load (CI runs beside CPU burners, load 10-30), and at load 30
    // three full zone API runs side by side (report-diff-merge.test.ts) took over the old 120 s.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
