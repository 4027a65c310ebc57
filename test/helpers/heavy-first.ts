// The order in which the project's own test files start (vitest.config.ts). vitest starts first the
// files it has timings of, longest first; a file it has no timing of (every file on a fresh clone,
// as in CI) it orders by size, largest first. The longest files are small ones that start one long
// CLI run each (broken-zone-api.test.ts: 2 KB, 3-6 minutes), so on a fresh clone they started
// among the last, and the run ended with one worker on them and the other idle. The files listed
// here start first, in this order; the others keep vitest's order after them.

import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, longest first: their wall time alone (vitest's timings of each,
 * run alone) and in a full `npm test` in CI beside CPU burners, where the CPU-bound ones grow most
 * (bench/ci-speed.md). A file left out only starts later; keep the list to the long ones.
 */
export const HEAVY_FILES: readonly string[] = [
  // The longest file (six runs of the zone suite against the blind variants, one per group of areas).
  'test/blind-zone-api.test.ts',
  'test/broken-zone-api.test.ts',
  'test/blind-storage.test.ts',
  // Mostly waits for real time to pass: started early, it overlaps the CPU-bound files.
  'test/alarms-real-time.test.ts',
  'test/workerd-conformance.test.ts',
  'test/broken-storage-behaviour.test.ts',
  'test/broken-firewall.test.ts',
  'test/cli-defects.test.ts',
  'test/broken-zone-rest.test.ts',
  'test/real-target.test.ts',
  'test/cli.test.ts',
  'test/container-target.test.ts',
  'test/workerd-options.test.ts',
  'test/broken-zone-ch-default.test.ts',
  'test/broken-storage-models.test.ts',
  'test/broken-storage-sql-pitr.test.ts',
  'test/crash-consistency.test.ts',
  'test/report-html.test.ts',
  'test/cli-conventions.test.ts',
  'test/container-engine.test.ts',
  'test/baseline.test.ts',
  'test/preflight.test.ts',
  'test/adapter-timeout.test.ts',
  'test/broken-storage-kv.test.ts',
  'test/spec-timeouts.test.ts',
];

/** The position of a file in HEAVY_FILES; every other file after them all. */
function heavyRank(root: string, moduleId: string): number {
  const index = HEAVY_FILES.indexOf(relative(root, moduleId).split('\\').join('/'));
  return index === -1 ? HEAVY_FILES.length : index;
}

export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    const root = this.ctx.config.root;
    // Array.prototype.sort is stable: among the files not listed, vitest's order stays.
    return byVitest.sort((a, b) => heavyRank(root, a.moduleId) - heavyRank(root, b.moduleId));
  }
}
