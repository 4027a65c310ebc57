// Mutation testing of the reference implementation (reference-impl/) with StrykerJS: `npm run mutation`.
// Every mutant is tested against the conformance specs and the reference's unit tests, run
// in-process by vitest.mutation.config.ts. Reports: reports/mutation/mutation.html and
// mutation.json (git-ignored), and the score per area in mutation/scores.json (committed).
// One area at a time: `npm run mutation -- --mutate 'reference-impl/zone-api/routes/filters.ts'`.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: {
    configFile: 'vitest.mutation.config.ts',
    // The specs reach the reference over HTTP or through an adapter, never by importing it: no
    // test file is "related" to a mutated file by imports. Per-test coverage picks the tests.
    related: false,
  },
  coverageAnalysis: 'perTest',
  mutate: ['reference-impl/**/*.ts'],
  // Static mutants (module-level code: constants, tables, route registration run once when the
  // server is built for a spec file) can be activated only by reloading everything and running
  // every test: with a ~1 min test run that is out of reach. Mutants that are static *and* covered
  // by tests still run against those tests; only purely static ones are ignored (and counted).
  ignoreStatic: true,
  concurrency: 2,
  // The machine is shared and has 2 cores: generous timeouts, so that load is not taken for an
  // infinite loop.
  timeoutMS: 20_000,
  timeoutFactor: 2,
  // A run reuses the previous run's result of every mutant whose code and covering tests did not
  // change (Stryker's diff of reference-impl/ and the test files): after new specs only the mutants
  // they cover are tested again. Changes elsewhere (src/spec-kit/, suite support files) are not
  // seen: `npm run mutation -- --force` tests everything. The file is run output (git-ignored).
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  tempDirName: 'reports/.stryker-tmp',
  cleanTempDir: true,
  appendPlugins: ['./mutation/area-scores-reporter.mjs', './mutation/unspecified-ignorer.mjs'],
  // What neither document states is not mutated (error and exception message texts, console
  // diagnostics): mutation/unspecified-ignorer.mjs, each rule with its reason.
  ignorers: ['unspecified'],
  reporters: ['html', 'json', 'clear-text', 'progress', 'area-scores'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  clearTextReporter: { allowEmojis: false, logTests: false, maxTestsToLog: 0 },
  thresholds: { high: 85, low: 70, break: null },
};
