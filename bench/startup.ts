// Start-up of the commands that run no specs, as a user meets it: `node bin/specgate.mjs ARGS` in a
// child process, the median wall time of 5 runs each. Target: under 1 s each (issue 17). The
// baseline is the floor: a bare `node -e ""` started the same way, measured in the same run.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { round, type Result } from './lib/result.js';

const ROOT = join(import.meta.dirname, '..');
const RUNS = 5;
const COMMANDS = [['--help'], ['--version'], ['run', '--help'], ['list'], ['diff', '--help'], ['merge', '--help'], ['serve', '--help'], ['init', '--help']];

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median wall seconds of `node ARGS`, and the exit codes seen. */
function wall(args: string[]): { seconds: number; codes: number[] } {
  const times: number[] = [];
  const codes = new Set<number>();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore' });
    times.push((performance.now() - start) / 1000);
    codes.add(run.status ?? -1);
  }
  return { seconds: median(times), codes: [...codes] };
}

export async function startup(): Promise<Result[]> {
  const floor = wall(['-e', '']).seconds;
  return COMMANDS.map((command) => {
    const { seconds, codes } = wall([join(ROOT, 'bin/specgate.mjs'), ...command]);
    return {
      name: `startup: specgate ${command.join(' ')} (median of ${RUNS}, wall)`,
      value: round(seconds),
      unit: 's',
      baseline: round(floor),
      ratio: round(seconds / floor, 1),
      target: '< 1 s, exit 0',
      pass: seconds < 1 && codes.every((code) => code === 0),
      detail: { exitCodes: codes },
    };
  });
}
