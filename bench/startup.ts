// Start-up of the commands that run no specs, as a user meets it: `node bin/specgate.mjs ARGS` in a
// child process, the median wall time of 5 runs each, running the compiled package (dist/, built
// here for the measurement and removed after unless it was there before). Target: under 1 s each
// (issue 17). The baseline is the floor: a bare `node -e ""` started the same way, measured in the
// same run. Then the same commands from the TypeScript sources through tsx (SPECGATE_FROM_SOURCE=1:
// what every start did before issue 24, and what a checkout without dist/ still does), with the
// compiled figure as baseline: the ratio is what the build saves, both measured in this run.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { round, type Result } from './lib/result.js';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin/specgate.mjs');
const RUNS = 5;
const COMMANDS = [['--help'], ['--version'], ['run', '--help'], ['list'], ['diff', '--help'], ['merge', '--help'], ['serve', '--help'], ['init', '--help']];
const COMPARED = [['--version'], ['--help'], ['list']];

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Median wall seconds of `node ARGS`, and the exit codes seen. */
function wall(args: string[], env: Record<string, string> = {}): { seconds: number; codes: number[] } {
  const times: number[] = [];
  const codes = new Set<number>();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'ignore', env: { ...process.env, SPECGATE_FROM_SOURCE: '0', ...env } });
    times.push((performance.now() - start) / 1000);
    codes.add(run.status ?? -1);
  }
  return { seconds: median(times), codes: [...codes] };
}

/** Runs `measure` with a fresh dist/ in the checkout; removes it after unless one was there. */
function withBuild<T>(measure: () => T): T {
  const hadBuild = existsSync(join(ROOT, 'dist'));
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('bench startup: npm run build failed');
  try {
    return measure();
  } finally {
    if (!hadBuild) spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), '--clean'], { cwd: ROOT, stdio: 'inherit' });
  }
}

export async function startup(): Promise<Result[]> {
  const floor = wall(['-e', '']).seconds;
  return withBuild(() => {
    const compiled = new Map(COMMANDS.map((command) => [command.join(' '), wall([BIN, ...command])]));
    const asUserMeetsIt = COMMANDS.map((command): Result => {
      const { seconds, codes } = compiled.get(command.join(' '))!;
      return {
        name: `startup: specgate ${command.join(' ')} (compiled; median of ${RUNS}, wall)`,
        value: round(seconds),
        unit: 's',
        baseline: round(floor),
        ratio: round(seconds / floor, 1),
        target: '< 1 s, exit 0',
        pass: seconds < 1 && codes.every((code) => code === 0),
        detail: { exitCodes: codes },
      };
    });
    const fromSource = COMPARED.map((command): Result => {
      const { seconds, codes } = wall([BIN, ...command], { SPECGATE_FROM_SOURCE: '1' });
      const built = compiled.get(command.join(' '))!.seconds;
      return {
        name: `startup from the sources through tsx (before issue 24; baseline: compiled): specgate ${command.join(' ')} (median of ${RUNS}, wall)`,
        value: round(seconds),
        unit: 's',
        baseline: round(built),
        ratio: round(seconds / built, 1),
        target: 'compiled faster, exit 0',
        pass: built < seconds && codes.every((code) => code === 0),
        detail: { exitCodes: codes },
      };
    });
    return [...asUserMeetsIt, ...fromSource];
  });
}
