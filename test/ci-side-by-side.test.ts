// .ci/side-by-side, which .ci/run uses for its last three checks: the commands run at once, each
// one's output is printed whole (never interleaved with another's), and the run fails naming every
// command that failed, only after all have ended.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runAsUser, tempDir, type CliResult } from './helpers/cli.js';

const sideBySide = (...jobs: string[]): Promise<CliResult> => runAsUser('bash', [join(ROOT, '.ci/side-by-side'), ...jobs], tempDir('side-by-side'));

/** A command that waits (at most `steps` × 50 ms) for a file the second job of the run makes. */
const waitsForSecond = (dir: string, steps: number): string =>
  `for i in $(seq ${steps}); do [ -e ${dir}/second-started ] && { echo saw the second; exit 0; }; sleep 0.05; done; echo the second never started; exit 1`;

/** The lines of a job's section of the output: after its header, up to the next header. */
function section(stdout: string, name: string): string[] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`== ci: ${name} (`));
  expect(start, `a header for ${name}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > start && line.startsWith('== ci: '));
  return lines.slice(start + 1, end === -1 ? undefined : end).filter(Boolean);
}

describe('.ci/side-by-side', () => {
  it('runs the commands at once: the first waits for a file the second makes', async () => {
    const dir = tempDir('side-by-side-files');
    // Were the jobs run one after the other, the first would give up after a minute and fail.
    const run = await sideBySide(`first=${waitsForSecond(dir, 1200)}`, `second=touch ${dir}/second-started`);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(section(run.stdout, 'first')).toEqual(['saw the second']);
  });

  it('(the negative case: a side-by-side that waits for each job before starting the next fails that check)', async () => {
    const script = readFileSync(join(ROOT, '.ci/side-by-side'), 'utf8');
    const start = 'names[$!]="$name"; starts[$!]=$(date +%s%N)';
    expect(script).toContain(start);
    const sequential = join(tempDir('side-by-side-sequential'), 'side-by-side');
    writeFileSync(sequential, script.replace(start, `${start}; wait $!`));
    const dir = tempDir('side-by-side-files');
    const run = await runAsUser('bash', [sequential, `first=${waitsForSecond(dir, 20)}`, `second=touch ${dir}/second-started`], dir);
    expect(run.code).not.toBe(0);
  });

  it('prints each output whole under its header with the exit code, and exits 1 naming every failure once all have ended', async () => {
    const run = await sideBySide(
      'slow=echo slow 1; sleep 0.5; echo slow 2',
      'fails=echo fails 1; exit 3',
      'also-fails=sleep 0.2; echo also 1; exit 1',
    );
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^== ci: slow \(exit 0, \d+\.\d s\)$/m);
    expect(run.stdout).toMatch(/^== ci: fails \(exit 3, \d+\.\d s\)$/m);
    // The slow job's lines are together, though the others printed while it slept.
    expect(section(run.stdout, 'slow')).toEqual(['slow 1', 'slow 2']);
    expect(section(run.stdout, 'fails')).toEqual(['fails 1']);
    expect(section(run.stdout, 'also-fails')).toEqual(['also 1']);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^ci: failed: (fails also-fails|also-fails fails)$/)]);
  });

  it('exits 0 when every command passes', async () => {
    const run = await sideBySide('one=true', 'two=echo two');
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(section(run.stdout, 'two')).toEqual(['two']);
  });

  it.each([
    [[], /^usage: \.ci\/side-by-side 'NAME=COMMAND' \.\.\. \(at least one\)$/],
    [['no-command'], /^ci: side-by-side: 'no-command' is not NAME=COMMAND .*; fix: quote each job as 'NAME=COMMAND'$/],
    [['a/b=true'], /^ci: side-by-side: 'a\/b=true' is not NAME=COMMAND/],
    [['same=true', 'same=false'], /^ci: side-by-side: two jobs are named 'same'; fix: give each its own name \(it names its log\)$/],
  ])('refuses %j: one line naming cause and fix, exit 2, nothing run', async (jobs, message) => {
    const run = await sideBySide(...jobs);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
  });
});
