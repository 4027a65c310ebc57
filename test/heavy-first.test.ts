// The project's own tests start their longest files first, also without vitest's cache of timings
// (a fresh clone, as in CI): test/helpers/heavy-first.ts, wired in vitest.config.ts.

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BaseSequencer, type TestSequencerConstructor, type TestSpecification, type Vitest } from 'vitest/node';
import config from '../vitest.config.js';
import { ROOT } from './helpers/cli.js';
import { HEAVY_FILES, HeavyFirstSequencer } from './helpers/heavy-first.js';

const TEST_FILES = readdirSync(join(ROOT, 'test')).filter((name) => name.endsWith('.test.ts')).sort().map((name) => `test/${name}`);

/** vitest as on a fresh clone: no timings cached, only the files' sizes. */
const freshClone = {
  config: { root: ROOT },
  cache: {
    getFileTestResults: () => undefined,
    getFileStats: (key: string) => ({ size: statSync(join(ROOT, key.slice(key.indexOf(':') + 1))).size }),
  },
} as unknown as Vitest;

/** Every test file as vitest hands it to a sequencer: one project, the root's. */
const specifications = (): TestSpecification[] => TEST_FILES.map((file) => ({
  moduleId: join(ROOT, file),
  project: { name: '', config: { sequence: { groupOrder: 0 }, isolate: true } },
}) as unknown as TestSpecification);

async function orderOf(Sequencer: TestSequencerConstructor): Promise<string[]> {
  const sorted = await new Sequencer(freshClone).sort(specifications());
  return sorted.map((spec) => spec.moduleId.slice(ROOT.length));
}

describe('the order the test files start in', () => {
  it('every listed heavy file exists (a renamed one would silently start late)', () => {
    for (const file of HEAVY_FILES) expect(existsSync(join(ROOT, file)), file).toBe(true);
  });

  it('vitest.config.ts uses the heavy-first sequencer', () => {
    expect(config.test?.sequence?.sequencer).toBe(HeavyFirstSequencer);
  });

  it('on a fresh clone the heavy files start first, in their order, then the others in vitest\'s order', async () => {
    const order = await orderOf(HeavyFirstSequencer);
    expect(order.slice(0, HEAVY_FILES.length)).toEqual([...HEAVY_FILES]);
    const others = (await orderOf(BaseSequencer)).filter((file) => !HEAVY_FILES.includes(file));
    expect(order.slice(HEAVY_FILES.length)).toEqual(others);
  });

  it('(the negative case: vitest\'s own order on a fresh clone starts the longest file among the last)', async () => {
    const order = await orderOf(BaseSequencer);
    expect(order.indexOf('test/broken-zone-api.test.ts')).toBeGreaterThan(order.length / 2);
  });
});
