// The key-value, list and limits specs can fail: run against deliberately broken adapters over the
// reference key-value backend (test/broken/storage/), each run must fail exactly the requirements
// the misreading breaks. The model-based spec cites most key-value requirements at once, so it is
// checked on its own: at the default seed it must fail for every misreading its operations reach
// (not the limits, nor stores of over 1,000 keys), and say so in the model's terms.

import { runStorageVariants } from './helpers/storage-variant-run.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../src/report/model.js';
import { failedRequirementsOf, type CliResult } from './helpers/cli.js';

interface StorageVariant {
  /** Module in test/broken/storage/, without .ts; also the adapter's name. */
  name: string;
  /** Requirement IDs the specs of kv, list and limits must fail: no more, no fewer. */
  expectedFailures: string[];
  /** Whether the model-based spec must catch it too. */
  modelCatches: boolean;
}

const variants: StorageVariant[] = [
  { name: 'list-utf16-order', expectedFailures: ['ST-LIST-ORDER-UTF8'], modelCatches: true },
  // A batch that is not refused is no premise for ST-LIMIT-REFUSED-WRITES-NOTHING.
  { name: 'limits-batch-129-accepted', expectedFailures: ['ST-LIMIT-BATCH-RANGEERROR', 'ST-LIMIT-DELETE-BATCH-128', 'ST-LIMIT-GET-BATCH-128', 'ST-LIMIT-PUT-BATCH-128'], modelCatches: false },
  // Bounds misread under reverse also change which keys a reverse limit takes: "the limit largest keys in range".
  { name: 'list-reverse-swapped-bounds', expectedFailures: ['ST-LIST-REVERSE-BOUNDS', 'ST-LIST-REVERSE-LIMIT-HIGH-END'], modelCatches: true },
  { name: 'kv-get-batch-undefined-entries', expectedFailures: ['ST-KV-GET-BATCH-MISSING-OMITTED'], modelCatches: true },
  { name: 'kv-delete-always-true', expectedFailures: ['ST-KV-DELETE-MISSING-FALSE'], modelCatches: true },
  { name: 'list-reverse-limit-low-end', expectedFailures: ['ST-LIST-REVERSE-LIMIT-HIGH-END'], modelCatches: true },
  // Miniflare 2 answers list({startAfter: 'b', reverse: true}) with d, c, b.
  { name: 'list-reverse-startafter-included', expectedFailures: ['ST-LIST-START-AFTER-EXCLUSIVE'], modelCatches: true },
  { name: 'list-reverse-end-inclusive', expectedFailures: ['ST-LIST-REVERSE-BOUNDS', 'ST-LIST-REVERSE-LIMIT-HIGH-END'], modelCatches: true },
  { name: 'list-limit-off-by-one', expectedFailures: ['ST-LIST-LIMIT', 'ST-LIST-REVERSE-LIMIT-HIGH-END'], modelCatches: true },
  { name: 'list-prefix-reverse-limit-low-end', expectedFailures: ['ST-LIST-REVERSE-LIMIT-HIGH-END'], modelCatches: true },
  { name: 'list-prefix-ignores-bounds', expectedFailures: ['ST-LIST-PREFIX'], modelCatches: true },
  // The model's stores are small: a page of 1,000 shows only in the specs' store of 1,100 keys.
  { name: 'list-default-page-1000', expectedFailures: ['ST-KV-LIST-ALL', 'ST-LIST-NO-IMPLICIT-LIMIT'], modelCatches: false },
  // Miniflare 2 accepts a string of 131,098 characters (the old 140,000 margin could not see it).
  { name: 'limits-value-header-allowance', expectedFailures: ['ST-LIMIT-VALUE-131072', 'ST-LIMIT-VALUE-RANGEERROR'], modelCatches: false },
  // Only the extended spec that calibrates the measure reaches the exact edge (the core ones keep a margin).
  { name: 'limits-value-exclusive', expectedFailures: ['ST-LIMIT-VALUE-RANGEERROR'], modelCatches: false },
  { name: 'limits-value-128000', expectedFailures: ['ST-LIMIT-VALUE-131072', 'ST-LIMIT-VALUE-RANGEERROR'], modelCatches: false },
  { name: 'limits-key-utf16-units', expectedFailures: ['ST-LIMIT-KEY-2048', 'ST-LIMIT-KEY-RANGEERROR'], modelCatches: false },
];

// Only the specs of kv.spec.ts, list.spec.ts, limits.spec.ts and model.spec.ts (their top-level describes).
const GREP = '^(key-value operations|list options|limits|key-value model) ';
const MODEL_FILE = 'suites/storage/model.spec.ts';

/**
 * The model-based spec's failure is told in the model's terms: the operation that disagreed, the
 * state it met, expected and received, the operations before it, and the seed that replays it;
 * not fast-check's raw counterexample array.
 */
function expectModelTerms(error: string, seed: number): void {
  expect(error).toContain(`seed ${seed}: replay with --seed ${seed}`);
  expect(error).toMatch(/\n(get|delete|list)\(.*\) answered differently from the model\n {2}state it met \(\d+ pairs?, ascending by UTF-8\): \{.*\}\n {2}expected: .+\n {2}received: .+\n {2}operations before it, on a fresh object: .+/);
  expect(error).toMatch(/\nThe whole sequence: .+/);
  expect(error).not.toContain('Counterexample:');
}

// All of them in one run, side by side (one target each): the suite starts once, not once per adapter.
describe('broken variants of the reference key-value backend are caught', () => {
  let report: Report;
  let run: CliResult;
  beforeAll(async () => {
    ({ run, report } = await runStorageVariants('broken-storage-kv', variants.map((v) => v.name), ['--grep', GREP]));
  }, 600_000);

  it('the run fails, and reports each adapter by its own name', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(report.run.targets.map((t) => t.name).sort()).toEqual(variants.map((v) => v.name).sort());
  });

  for (const variant of variants) {
    it(`${variant.name} fails ${variant.expectedFailures.join(', ')}`, () => {
      const tests = report.tests.filter((t) => t.target === `storage:${variant.name}`);
      const specs = tests.filter((t) => t.file !== MODEL_FILE);
      expect(specs.length, 'the kv, list and limits specs ran').toBeGreaterThan(40);
      const failedBySpecs = [...new Set(specs.filter((t) => t.status === 'failed').flatMap((t) => t.requirements))].sort();
      expect(failedBySpecs, 'requirements failed by the kv, list and limits specs').toEqual([...variant.expectedFailures].sort());
      const model = tests.filter((t) => t.file === MODEL_FILE);
      expect(model.map((t) => t.status), 'the model-based spec').toEqual([variant.modelCatches ? 'failed' : 'passed']);
      // The model's failure names the rules of the operation that disagreed, among them one the
      // misreading breaks, not every requirement the model checks.
      const implicated = model[0]!.failedRequirements ?? [];
      if (variant.modelCatches) {
        expect(implicated.some((id) => variant.expectedFailures.includes(id)), `the model implicates ${implicated.join(', ')}`).toBe(true);
        expect(implicated.length, 'fewer than all the model checks').toBeLessThan(model[0]!.requirements.length);
      }
      const expected = new Set([...variant.expectedFailures, ...implicated]);
      expect(failedRequirementsOf(report, `storage:${variant.name}`), 'the failed requirements of this target').toEqual([...expected].sort());
      if (variant.modelCatches) expectModelTerms(model[0]!.error ?? '', report.run.seed);
    });
  }

});
