// The project's own tests (test/). The conformance specs in suites/ are not run from here
// directly: they run through specgate's CLI, against the reference and its broken variants.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
