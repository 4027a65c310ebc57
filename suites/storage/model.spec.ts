// A model-based test of the whole key-value API: random sequences of key-value operations (the
// model of kv-model.ts) run against a fresh object and against a plain Map sorted by UTF-8 bytes;
// every result must agree. Keys share prefixes and tell UTF-8 order from JavaScript string order;
// list() is drawn most, with every combination of its options (startAfter with reverse, prefix
// with reverse and limit, end with reverse, limits at the edges). A failure says, in the model's
// terms, which operation disagreed, the state it met, expected and received, the operations before
// it, and the seed that replays it. Some commands are turns: calls issued inside the object with
// no await between them, each answer checked against the model of the calls before it.

import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { isTimeout } from '../../src/spec-kit/budget.js';
import { storageSpec } from '../../src/spec-kit/storage.js';
import type { StorageAdapter } from '../../contract/storage.js';
import { isolateListFailure, kvCommands, runOnFreshObject, same, type Implicated } from './kv-model.js';

/** A disagreement of the model, with what the disagreeing operation implicates. */
class Disagreement extends Error {
  constructor(message: string, readonly implicated: Implicated) { super(message); }
}


const commands = kvCommands((actual, expected, describe, implicated) => {
  if (!same(actual, expected)) throw new Disagreement(describe(), implicated);
});

/** The requirements a disagreement shows violated: a list() call narrowed down to its rule. */
async function violated(adapter: StorageAdapter, { requirements, list }: Implicated): Promise<string[]> {
  if (!list) return requirements;
  return (await isolateListFailure(adapter, list.entries, list.options, same)) ?? requirements;
}

describe('key-value model', () => {
  storageSpec([
    'ST-KV-GET-SINGLE', 'ST-KV-GET-MISSING-UNDEFINED', 'ST-KV-GET-BATCH-MAP', 'ST-KV-GET-BATCH-MISSING-OMITTED', 'ST-KV-GET-BATCH-SORTED-UTF8',
    'ST-KV-PUT-SINGLE', 'ST-KV-PUT-ENTRIES', 'ST-KV-DELETE-EXISTING-TRUE', 'ST-KV-DELETE-MISSING-FALSE', 'ST-KV-DELETE-BATCH-COUNT',
    'ST-KV-DELETEALL', 'ST-KV-LIST-ALL', 'ST-LIST-ORDER-UTF8', 'ST-LIST-START-INCLUSIVE', 'ST-LIST-START-AFTER-EXCLUSIVE',
    'ST-LIST-END-EXCLUSIVE', 'ST-LIST-PREFIX', 'ST-LIST-REVERSE', 'ST-LIST-REVERSE-BOUNDS', 'ST-LIST-LIMIT', 'ST-LIST-REVERSE-LIMIT-HIGH-END',
    'ST-LIST-END-NOT-AFTER-START-EMPTY', 'ST-LIST-EMPTY-KEY', 'ST-CONS-WRITES-COALESCED', 'ST-CONS-METHOD-ATOMIC',
  ], 'random sequences of key-value operations agree with a Map sorted by UTF-8 (property)', async ({ adapter, seed, task }) => {
    task.meta.seed = seed;
    const details = await fc.check(fc.asyncProperty(commands, (sequence) => runOnFreshObject(adapter, sequence)), { seed, numRuns: 30 });
    if (!details.failed) return;
    const found = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    // A call that hung shows nothing of the 23 requirements: the spec fails with the call named,
    // timed out (they are not verified), instead of "disagrees with the model" failing them all.
    if (isTimeout(details.errorInstance)) throw new Error(`${found}\n(key-value model, seed ${seed}: replay with --seed ${seed}; case ${details.numRuns} of 30)`, { cause: details.errorInstance });
    // The (shrunk) disagreement shows the rule of its operation violated, not all 23 this spec checks.
    if (details.errorInstance instanceof Disagreement) task.meta.failedRequirements = await violated(adapter, details.errorInstance.implicated);
    expect.fail([
      `The implementation disagrees with the key-value model (seed ${seed}: replay with --seed ${seed}; case ${details.numRuns} of 30, shrunk ${details.numShrinks} times, fast-check path "${details.counterexamplePath}").`,
      found,
      `The whole sequence: ${[...(details.counterexample?.[0] ?? [])].join('; ')}`,
    ].join('\n'));
  }, { timeout: 60_000 });
});
