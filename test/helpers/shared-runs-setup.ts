// vitest's global set-up for shared-runs.ts: one folder for this `npm test`'s shared runs, which
// the test workers (started after this) inherit through the environment, removed at the end.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The variable naming that folder (read by shared-runs.ts). */
export const SHARED_RUNS_VARIABLE = 'SPECGATE_TEST_SHARED_RUNS';

export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'specgate-shared-runs-'));
  process.env[SHARED_RUNS_VARIABLE] = folder;
  return () => { rmSync(folder, { recursive: true, force: true }); };
}
