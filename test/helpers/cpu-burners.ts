// CPU burners: child processes that spin, to load the machine while a test runs (a
// spec's timeout must not be a race that a loaded machine loses). Stopped by their own pids.

import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';

export interface Burners {
  count: number;
  /** The machine's load average (1 min) when the burners were asked for. */
  loadBefore: number;
  stop(): void;
}

/**
 * Spins, and every few million turns exits if its parent is gone (a test worker killed at its
 * timeout runs no finally: the burners must not outlive it).
 */
const SPIN = 'const parent = process.ppid; for (let i = 1; ; i++) if (i % 5e7 === 0 && process.ppid !== parent) process.exit(0);';

/** `perCore` spinning processes per core (at the default priority, so that they compete). */
export function startBurners(perCore = 1): Burners {
  const count = Math.max(1, availableParallelism() * perCore);
  const children: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    children.push(spawn(process.execPath, ['-e', SPIN], { stdio: 'ignore' }));
  }
  return {
    count,
    loadBefore: loadavg()[0]!,
    stop() {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * Burners only where the machine is not loaded already: in `npm test` the other test worker (and in
 * CI the burners beside it) keep the cores busy, and more spinning would only slow every other test.
 * Run alone, the test loads the machine itself.
 */
export function loadTheMachine(): Burners {
  const load = loadavg()[0]!;
  if (load >= availableParallelism()) return { count: 0, loadBefore: load, stop() {} };
  return startBurners();
}
