// close() is called for every adapter instance a run starts: each test worker's, once after each
// file's last spec (a worker runs several files, and starts the runtime again for each), not only
// after its first file. The counting adapter logs each call of a worker's instance.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli, tempDir } from './helpers/cli.js';

describe('adapters closed', () => {
  it('every start() of a worker\'s adapter is followed by its close()', async () => {
    const dir = tempDir('adapter-close');
    const log = join(dir, 'calls.log');
    const run = await runCli(['run', '--suite', 'storage', '--adapter', join(ROOT, 'test/helpers/dying-adapters/counting.ts'),
      '--area', 'kv,list,options,limits,transactions', '--report-dir', join(dir, 'report')], { SPECGATE_COUNT_LOG: log });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const calls = readFileSync(log, 'utf8').trim().split('\n').map((line) => line.split(' ') as [string, string]);
    const byWorker = new Map<string, string[]>();
    for (const [pid, call] of calls) byWorker.set(pid, [...(byWorker.get(pid) ?? []), call]);
    // Some worker ran several files: the case a hook of the first file alone leaves open.
    expect(Math.max(...[...byWorker.values()].map((c) => c.filter((x) => x === 'start').length)), JSON.stringify([...byWorker])).toBeGreaterThan(1);
    for (const [pid, sequence] of byWorker) {
      const lifecycle = sequence.filter((call) => call !== 'create');
      // start, close, start, close, …: none left open, none closed twice.
      expect(lifecycle.join(' '), `worker ${pid}`).toMatch(/^(start close ?)+$/);
      expect(sequence.at(-1), `worker ${pid}'s last call`).toBe('close');
    }
  }, 600_000);
});
