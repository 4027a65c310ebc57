// The floors of specgate and their one-way arrows (ARCHITECTURE.md). test/architecture.test.ts runs
// dependency-cruiser with these rules in `npm test`: an import that runs back up, or a circle, fails.
//
// From the bottom up; a floor imports only the floors below it:
//   contract/       the storage interface, the adapter contract, the control API's shapes, and the
//                   scenarios that run inside an object: imports nothing else
//   requirements/   the requirement catalogs, their types, what the suites declare beside them
//   reference-impl/ the bundled reference implementation: knows only the contract
//   src/            the harness
//   suites/         the specs
//
// src/, from the bottom up; a layer imports only the layers below it:
//   core      what every layer shares: errors, redaction, test records, selection, dates
//   catalog   the suites (catalogs, clean-up, clock groups), the golden check, the deprecation schedule
//   spec-kit  what specs are written with (fixtures, clients, assertions)
//   report    the report model and its writers (json, html, junit, summary, diff, merge, matrix)
//   adapters  the bundled storage adapters
//   targets   resolving what a run points at (the bundled reference, a URL, a container, adapters)
//   runner    one conformance run under vitest's Node API
//   cli       the commands

const LAYERS = ['core', 'catalog', 'spec-kit', 'report', 'adapters', 'targets', 'runner', 'cli', 'config'];
// config/ (defineConfig's types for users' specgate.config.ts) sits with cli at the top.
const layer = (name) => (name === 'config' ? 'src/config/' : `src/${name}/`);
const above = (name) => LAYERS.slice(LAYERS.indexOf(name) + 1).filter((upper) => !(name === 'cli' && upper === 'config'));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other in a loop: move what they share into a module both import.',
      from: {},
      to: { circular: true },
    },
    ...LAYERS.filter((name) => above(name).length > 0).map((name) => ({
      name: `${name}-imports-only-below`,
      severity: 'error',
      comment: `src/${name}/ imports only the layers below it (${LAYERS.slice(0, LAYERS.indexOf(name)).join(', ') || 'none'}).`,
      from: { path: `^${layer(name)}` },
      to: { path: `^(${above(name).map(layer).join('|')})` },
    })),
    {
      name: 'contract-imports-nothing',
      severity: 'error',
      comment: 'The contract (and the scenarios a remote runtime bundles into an object) imports nothing but itself, not even node: builtins.',
      from: { path: '^contract/' },
      to: { pathNot: '^contract/' },
    },
    {
      name: 'requirements-import-only-the-contract',
      severity: 'error',
      comment: 'The requirement catalogs and the suites\' declarations are data: they import only each other and the contract.',
      from: { path: '^requirements/' },
      to: { pathNot: '^(requirements|contract)/' },
    },
    {
      name: 'reference-knows-only-the-contract',
      severity: 'error',
      comment: 'The bundled reference implements the contract; it knows nothing of the harness, the catalogs or the suites.',
      from: { path: '^reference-impl/' },
      to: { path: '^(src|suites|requirements|test|bench|scripts)/' },
    },
    {
      name: 'one-way-into-the-reference',
      severity: 'error',
      comment: 'src/ reaches the bundled reference in two places only: the zone API server a run starts, and the reference storage adapter.',
      from: { path: '^src/', pathNot: '^src/(targets/bundled|adapters/reference)\\.ts$' },
      to: { path: '^reference-impl/' },
    },
    {
      name: 'src-never-imports-suites',
      severity: 'error',
      comment: 'The harness finds spec files by their paths; it imports nothing of suites/.',
      from: { path: '^src/' },
      to: { path: '^suites/' },
    },
    {
      name: 'specs-use-the-spec-kit',
      severity: 'error',
      comment: 'Specs know targets only through the spec kit: not the runner, the report, the targets, the adapters or the reference.',
      from: { path: '^suites/' },
      to: { path: '^(src/(report|runner|targets|cli|adapters)/|reference-impl/)' },
    },
    {
      name: 'report-runs-no-specs',
      severity: 'error',
      comment: 'Report writers (and the commands diff and merge, built on them) load neither vitest nor the reference server.',
      from: { path: '^src/report/' },
      to: { path: '(^|/)node_modules/(vitest|@vitest|fastify|better-sqlite3)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
