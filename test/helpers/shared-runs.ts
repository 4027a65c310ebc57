// A run of the CLI that several test files only read, made once per `npm test`: the zone suite
// against the bundled reference, which the files comparing another way of running it (a served
// process, a container image, shards) take as the expected side. Each full zone run costs about
// 10 CPU-s; made once, not once per file. Outside `npm test` (a file run alone) each process makes
// its own.
//
// Across test workers (processes) by the file system: the first to take a run's lock makes it and
// writes its result; the others wait for that result. A holder that died leaves its lock, which
// the next caller takes over.

import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runCli, tempDir, type CliResult } from './cli.js';

import { SHARED_RUNS_VARIABLE } from './shared-runs-setup.js';

/** Set by the global set-up (shared-runs-setup.ts) to a folder of this `npm test`. */
export { SHARED_RUNS_VARIABLE };

/** `madeBy`: the process that made the run (the others read it). */
export interface SharedRun { run: CliResult; reportDir: string; madeBy: number }

const memo = new Map<string, Promise<SharedRun>>();

/** The CLI run of `args` (a `--report-dir` is added), made once for every file that asks for `name`. */
export function sharedRun(name: string, args: string[]): Promise<SharedRun> {
  const made = memo.get(name) ?? madeOnce(name, args);
  memo.set(name, made);
  return made;
}

/** The full zone suite against the bundled reference, at the default seed. */
export const referenceZoneRun = (): Promise<SharedRun> => sharedRun('zone-api-reference', ['run', '--suite', 'zone-api']);

async function madeOnce(name: string, args: string[]): Promise<SharedRun> {
  const root = process.env[SHARED_RUNS_VARIABLE];
  if (root === undefined) return make(args, tempDir(name));
  const folder = join(root, name);
  const result = join(folder, 'result.json');
  const lock = join(root, `${name}.lock`);
  for (;;) {
    if (existsSync(result)) return JSON.parse(readFileSync(result, 'utf8')) as SharedRun;
    if (takeLock(lock)) {
      try {
        if (existsSync(result)) continue;
        rmSync(folder, { recursive: true, force: true });
        mkdirSync(folder, { recursive: true });
        const made = await make(args, join(folder, 'report'));
        writeFileSync(`${result}.partial`, JSON.stringify(made));
        renameSync(`${result}.partial`, result);
        return made;
      } finally {
        rmSync(lock, { force: true });
      }
    }
    await sleep(250);
  }
}

async function make(args: string[], reportDir: string): Promise<SharedRun> {
  return { run: await runCli([...args, '--report-dir', reportDir]), reportDir, madeBy: process.pid };
}

/** Takes `lock` (a file naming its holder's pid); a lock whose holder is gone is taken over. */
function takeLock(lock: string): boolean {
  try {
    writeFileSync(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lock, 'utf8'));
    // Empty: its holder has made it and not yet written its pid.
    if (!Number.isInteger(holder) || holder <= 0 || alive(holder)) return false;
    rmSync(lock, { force: true });
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
