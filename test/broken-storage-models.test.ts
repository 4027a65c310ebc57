// The storage suite's exploring specs can fail: the interleaving
// model, the alarm lifecycle model and the list option pairs, run against broken variants of the
// reference (test/broken/storage/) at the default seed, each in one CLI run. Each variant must fail
// exactly the requirements recorded for each of the three specs, no more (a failure is blamed on
// what its shrunk counterexample breaks, not on every requirement a spec cites) and no fewer; the
// unbroken reference passes all three. The seed is printed; a changed spec or generator that no
// longer catches a variant at the default seed fails here, with the variant named.

import { runStorageVariants } from './helpers/storage-variant-run.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import type { CliResult } from './helpers/cli.js';

const SPECS = {
  interleaving: 'suites/storage/interleaving.spec.ts',
  lifecycle: 'suites/storage/alarm-lifecycle.spec.ts',
  listPairs: 'suites/storage/list-pairs.spec.ts',
} as const;
type Spec = keyof typeof SPECS;
const GREP = '^(interleaving model|alarm lifecycle model|list option pairs) ';

interface Variant {
  /** Module in test/broken/storage/, without .ts; also the adapter's name. */
  name: string;
  /** The requirements each spec blames at the default seed (a spec not named passes). */
  blames: Partial<Record<Spec, string[]>>;
}

const VARIANTS: Variant[] = [
  // Part 1: interleaving.
  { name: 'cons-concurrent-read-misses-own-write', blames: { interleaving: ['ST-OPT-ALLOW-CONCURRENCY'] } },
  { name: 'txn-reads-through', blames: { interleaving: ['ST-TXN-ISOLATED'] } },
  // Found by a transaction reading its key twice across a timer while others increment it.
  { name: 'txn-writes-visible-early', blames: { interleaving: ['ST-TXN-ISOLATED'] } },
  // A batch with a failed flush: an increment answered (with nothing) whose write is not on disk.
  { name: 'cons-failure-swallowed', blames: { interleaving: ['ST-CONS-OUTPUT-GATE'] } },
  // Part 2: the alarm lifecycle.
  { name: 'alarm-deleteall-drops-persisted', blames: { lifecycle: ['ST-ALARM-PERSISTED'] } },
  { name: 'alarm-failed-setter-overwritten', blames: { lifecycle: ['ST-ALARM-NULL-AFTER-SUCCESS'] } },
  { name: 'alarm-deleteall-deletes-alarm', blames: { lifecycle: ['ST-KV-DELETEALL-KEEPS-ALARM'] } },
  { name: 'alarm-retry-null', blames: { lifecycle: ['ST-ALARM-SET-WHILE-RETRY-PENDING'] } },
  { name: 'alarm-kept-after-run', blames: { lifecycle: ['ST-ALARM-NOT-SET-WHILE-RUNNING'] } },
  { name: 'alarm-cleared-after-run', blames: { lifecycle: ['ST-ALARM-SET'] } },
  { name: 'alarm-running-handler-cancelled', blames: { lifecycle: ['ST-ALARM-SET-KEEPS-RUNNING'] } },
  // Part 5: list option pairs.
  { name: 'list-prefix-like', blames: { listPairs: ['ST-LIST-PREFIX'] } },
  { name: 'list-utf16-order', blames: { listPairs: ['ST-LIST-ORDER-UTF8'] } },
  { name: 'list-prefix-ignores-bounds', blames: { listPairs: ['ST-LIST-PREFIX'] } },
  { name: 'list-reverse-swapped-bounds', blames: { listPairs: ['ST-LIST-REVERSE-BOUNDS'] } },
];

let run: CliResult;
let report: Report;

describe('the exploring storage specs catch broken variants at the default seed', () => {
  beforeAll(async () => {
    const variantRun = await runStorageVariants('broken-storage-models', [...VARIANTS.map((v) => v.name), 'reference'], ['--grep', GREP]);
    ({ run, report } = variantRun);
    const { reportDir } = variantRun;
    console.log(`exploring specs against ${VARIANTS.length} broken variants, --seed ${report.run.seed}, report in ${reportDir}`);
  }, 30 * 60_000);

  it('the run fails, at the default seed, with no error outside the specs', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(report.errors).toEqual([]);
    expect(report.run.seed).toBe(20261121);
  });

  it('the unbroken reference backends pass all three', () => {
    const reference = report.tests.filter((t) => t.target === 'storage:reference-kv' || t.target === 'storage:reference-sqlite');
    expect(reference.map((t) => `${t.target} ${t.file}: ${t.status}`).sort()).toEqual(
      ['reference-kv', 'reference-sqlite'].flatMap((name) => Object.values(SPECS).map((file) => `storage:${name} ${file}: passed`)).sort());
  });

  for (const variant of VARIANTS) {
    it(`${variant.name}: ${Object.entries(variant.blames).map(([spec, ids]) => `${spec} blames ${ids.join(', ')}`).join('; ')}`, () => {
      const tests = report.tests.filter((t) => t.target === `storage:${variant.name}`);
      for (const [spec, file] of Object.entries(SPECS) as [Spec, string][]) {
        const ran = tests.filter((t) => t.file === file);
        expect(ran.length, `${spec} ran`).toBe(1);
        const blamed = variant.blames[spec];
        const test = ran[0]!;
        if (blamed === undefined) {
          expect(test.status, `${spec}: ${test.error ?? ''}`).toBe('passed');
          continue;
        }
        expect(test.status, `${spec} catches it`).toBe('failed');
        // The two property-based specs name the seed that replays them (the pairs are a fixed table).
        if (spec !== 'listPairs') expect(test.error, 'the failure names the seed that replays it').toContain(`replay with --seed ${report.run.seed}`);
        expect([...(test.failedRequirements ?? [])].sort(), `${spec} blames what its counterexample breaks, not all ${test.requirements.length} it cites`).toEqual([...blamed].sort());
      }
    });
  }
});
