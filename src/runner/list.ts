// Lists the specs of the selected suites with the requirements each cites, without running them
// (vitest collects the spec files; no target is contacted).

import { createVitest } from 'vitest/node';
import { relative } from 'node:path';
import { SUITES, type SuiteName } from '../catalog/suites.js';
import type { CitingTest } from '../catalog/coverage.js';
import { PACKAGE_ROOT } from '../core/paths.js';

export interface ListedSpec extends CitingTest { file: string }

export async function listSpecs(suiteNames: SuiteName[]): Promise<ListedSpec[]> {
  const include = suiteNames.map((n) => SUITES[n]).filter((s) => !s.pending).flatMap((s) => s.include);
  if (include.length === 0) return [];
  const vitest = await createVitest('test', { root: PACKAGE_ROOT, config: false, include, watch: false, reporters: [] });
  try {
    await vitest.collect();
    return vitest.state.getTestModules().flatMap((module) => [...module.children.allTests()].map((test) => {
      const { requirements = [], dated } = test.meta();
      return { name: test.fullName, file: relative(PACKAGE_ROOT, module.moduleId), requirements, ...(dated && { dated }) };
    }));
  } finally {
    await vitest.close();
  }
}
