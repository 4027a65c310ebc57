// The runs several test files only read are made once per `npm test` (helpers/shared-runs.ts):
// processes asking for the same run at once get the one the first made.

import { describe, expect, it } from 'vitest';
import { ROOT, runAsUser, tempDir } from './helpers/cli.js';
import { SHARED_RUNS_VARIABLE } from './helpers/shared-runs.js';

const child = (env: Record<string, string | undefined>) =>
  runAsUser(process.execPath, ['--import', 'tsx', 'test/helpers/shared-run-child.ts'], ROOT, env);

const whoMade = async (env: Record<string, string | undefined>): Promise<number[]> => {
  const answers = await Promise.all([child(env), child(env), child(env)]);
  return answers.map((answer) => {
    expect(answer.code, answer.stderr).toBe(0);
    const { madeBy, code } = JSON.parse(answer.stdout) as { madeBy: number; code: number };
    expect(code, 'the shared run itself (specgate --help) exits 0').toBe(0);
    return madeBy;
  });
};

describe('a shared run', () => {
  it('is made once for three processes asking at the same time', async () => {
    const madeBy = await whoMade({ [SHARED_RUNS_VARIABLE]: tempDir('shared-runs') });
    expect(new Set(madeBy).size, `made by ${madeBy.join(', ')}`).toBe(1);
  });

  it('(positive control: outside npm test, without the folder, each process makes its own)', async () => {
    const madeBy = await whoMade({ [SHARED_RUNS_VARIABLE]: undefined });
    expect(new Set(madeBy).size, `made by ${madeBy.join(', ')}`).toBe(3);
  });
});
