// Model-based test cases per second: the key-value model of suites/storage/model.spec.ts (random
// sequences of up to 50 get/put/delete/deleteAll/list commands, each checked against a Map sorted
// by UTF-8) run for a fixed number of cases against the reference, each on a fresh object.
//
// The model and commands are the spec's own (suites/storage/kv-model.ts), checked with node:assert
// instead of vitest's expect.

import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { StorageAdapter } from '../contract/storage.js';
import { kvCommands, runOnFreshObject } from '../suites/storage/kv-model.js';
import { referenceKvAdapter, referenceSqliteAdapter } from '../src/adapters/reference.js';
import { round, type Result } from './lib/result.js';

/** vitest's toEqual ignores prototypes (fc.record makes null-prototype objects): compare clones. */
const same = (actual: unknown, expected: unknown, describe: () => string): void => {
  try {
    assert.deepStrictEqual(structuredClone(actual), structuredClone(expected));
  } catch {
    throw new Error(describe());
  }
};

const CASES = Number(process.env.BENCH_MODEL_CASES ?? 200);
const SEED = 20251;
/** Another seed: the cases each adapter runs untimed first (see casesPerSecond). */
const WARM_UP_SEED = 7;

const commands = kvCommands(same);

/**
 * The rate of CASES cases, after as many untimed ones on another seed. The first cases of a
 * process pay one-time costs that a test run pays once per worker, not per case: fast-check's
 * set-up (its binary-string arbitrary maps every code point, 0.5-1.8 s here), the JIT's warm-up
 * of the runtime's paths. Untimed, they were charged to whichever backend ran first (SQLite).
 */
/** Cases per second of wall time (what a CI run gets), and per second of CPU time (what the machine's other load does not change). */
async function casesPerSecond(adapter: StorageAdapter): Promise<{ rate: number; commands: number; seconds: number; cpuSeconds: number; perCpuSecond: number }> {
  let commandCount = 0;
  const property = fc.asyncProperty(commands, async (sequence) => {
    commandCount += [...sequence].length;
    await runOnFreshObject(adapter, sequence);
  });
  await fc.assert(property, { seed: WARM_UP_SEED, numRuns: CASES });
  commandCount = 0;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  await fc.assert(property, { seed: SEED, numRuns: CASES });
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { rate: round(CASES / seconds, 1), commands: commandCount, seconds: round(seconds, 1), cpuSeconds: round(cpuSeconds, 2), perCpuSecond: round(CASES / cpuSeconds, 1) };
}

export async function modelRate(): Promise<Result[]> {
  const results: Result[] = [];
  for (const adapter of [referenceSqliteAdapter, referenceKvAdapter]) {
    const { rate, commands: count, seconds, cpuSeconds, perCpuSecond } = await casesPerSecond(adapter);
    results.push({
      name: `model-based cases on ${adapter.name} (cases/s)`, value: rate, unit: 'cases/s', pass: true,
      detail: { cases: CASES, commands: count, seconds, cpuSeconds, casesPerCpuSecond: perCpuSecond, seed: SEED, warmUp: { cases: CASES, seed: WARM_UP_SEED } },
    });
  }
  return results;
}
