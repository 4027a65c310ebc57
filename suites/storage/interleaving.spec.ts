// A model-based test of interleaving (issue 26, part 1): random sets of events delivered together
// to one object, each a read-modify-write of one key in one of the ways the document makes atomic
// (a get then a put with only non-I/O awaits between, with or without allowUnconfirmed; a
// transaction whose closure awaits non-I/O promises or a timer), or a transaction that aborts (a
// throw, or rollback()) after writing. Whatever the order the runtime delivers them in, the end
// state must be that of running them one after another (the sequential model): every key holds
// the number of its committed increments, each increment saw the one before it, no aborted write
// is seen. Keys reach the edges: the empty key, case, % _ \, astral characters in every position,
// and keys extending each other. A failure is blamed on the requirements of the events of the
// (shrunk) counterexample on the key that disagreed, not on every requirement this spec cites.

import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { storageSpec } from '../../src/spec-kit/storage.js';
import type { StorageAdapter } from '../../src/contract/storage.js';

type Kind = 'increment' | 'unconfirmed' | 'txn' | 'txnTimer' | 'txnThrows' | 'txnRollback';
interface Event { kind: Kind; key: string; awaits: number }

/** The requirement each kind of event relies on. */
const RELIES_ON: Record<Kind, string[]> = {
  increment: ['ST-CONS-INPUT-GATE'],
  unconfirmed: ['ST-CONS-INPUT-GATE', 'ST-OPT-ALLOW-UNCONFIRMED'],
  txn: ['ST-TXN-ISOLATED'],
  txnTimer: ['ST-TXN-ISOLATED'],
  txnThrows: ['ST-TXN-ABORT-ON-THROW'],
  txnRollback: ['ST-TXN-ROLLBACK'],
};
const ABORTED = 'aborted write';
/** The kinds whose increment commits; the others abort and write nothing. */
const COMMITS: Kind[] = ['increment', 'unconfirmed', 'txn', 'txnTimer'];

const KEYS = ['', 'a', 'A', 'ab', 'abc', 'a%', 'a_', 'a\\', '%', '_', '\\', '😀', 'a😀', '😀a', 'a😀b', '\uFFFF', '\u{10000}'];

const events = fc.array(fc.record({
  kind: fc.constantFrom<Kind>('increment', 'unconfirmed', 'txn', 'txnTimer', 'txnThrows', 'txnRollback'),
  key: fc.constantFrom(...KEYS),
  awaits: fc.integer({ min: 0, max: 5 }),
}), { minLength: 2, maxLength: 12 });

const describeEvent = ({ kind, key, awaits }: Event) => `${kind}(${JSON.stringify(key)}, ${awaits} non-I/O awaits)`;

class Disagreement extends Error {
  constructor(message: string, readonly requirements: string[]) { super(message); }
}

/** Delivers one event to the object; answers what the object answered (an abort's rejection is caught inside). */
function deliver(object: Awaited<ReturnType<StorageAdapter['create']>>, { kind, key, awaits }: Event): Promise<unknown> {
  switch (kind) {
    case 'increment': return object.run('incrementAcrossAwaits', { key, awaits });
    case 'unconfirmed': return object.run('incrementAcrossAwaits', { key, awaits, unconfirmed: true });
    case 'txn': return object.run('transactionIncrement', { key, awaits, timer: false });
    case 'txnTimer': return object.run('transactionIncrement', { key, awaits, timer: true });
    case 'txnThrows': return object.run('transactionThrows', { entries: { [key]: ABORTED } });
    case 'txnRollback': return object.run('transactionRollbackValue', { entries: { [key]: ABORTED } });
  }
}

/** Whether one event fails when it is delivered alone, to a fresh object. */
async function failsAlone(adapter: StorageAdapter, event: Event): Promise<boolean> {
  const object = await adapter.create();
  try {
    return await deliver(object, event).then(() => false, () => true);
  } finally {
    await object.destroy();
  }
}

/** Whether these events alone, delivered together on a fresh object, disagree with the model. */
async function disagreeAlone(adapter: StorageAdapter, batch: Event[]): Promise<boolean> {
  return runTogether(adapter, batch, false).then(() => false, (error: unknown) => error instanceof Disagreement);
}

/**
 * The requirements a disagreement on one key shows broken: an aborted write seen is the abort's
 * (throw or rollback); a lost or doubled increment is that of the kinds which, delivered alone,
 * still disagree (all the kinds on the key when none does alone).
 */
async function blame(adapter: StorageAdapter, onKey: Event[], stored: unknown, answers: unknown[]): Promise<string[]> {
  const of = (kinds: Kind[]) => [...new Set(kinds.flatMap((kind) => RELIES_ON[kind]))].sort();
  const kinds = [...new Set(onKey.map((event) => event.kind))];
  const sawAborted = JSON.stringify([stored, ...answers]).includes(ABORTED);
  if (sawAborted) return of(kinds.filter((kind) => !COMMITS.includes(kind)));
  const alone: Kind[] = [];
  for (const kind of kinds.filter((k) => COMMITS.includes(k))) {
    const same = onKey.filter((event) => event.kind === kind);
    if (await disagreeAlone(adapter, [...same, ...same])) alone.push(kind);
  }
  return of(alone.length > 0 ? alone : kinds);
}

/** Runs the events together on a fresh object and checks the end state against the sequential model. */
async function runTogether(adapter: StorageAdapter, batch: Event[], blaming = true): Promise<void> {
  const object = await adapter.create();
  try {
    const answers = await Promise.all(batch.map((event) => deliver(object, event).catch((error: Error) => `failed: ${error.message}`)));
    const stored = new Map(await object.storage.list());
    for (const key of new Set(batch.map((event) => event.key))) {
      const onKey = batch.map((event, i) => ({ event, answer: answers[i] })).filter(({ event }) => event.key === key);
      const committed = onKey.filter(({ event }) => COMMITS.includes(event.kind));
      // The premise is events that work alone: one that fails on its own too (a key refused, say)
      // is other specs' subject, and its key verifies nothing here.
      const failing = onKey.filter(({ answer }) => typeof answer === 'string' && answer.startsWith('failed: '));
      if (failing.length > 0 && await failsAlone(adapter, failing[0]!.event)) continue;
      const expected = committed.length === 0 ? undefined : committed.length;
      const seen = committed.map(({ answer }) => answer).sort((a, b) => Number(a) - Number(b));
      const whole = stored.get(key) === expected && JSON.stringify(seen) === JSON.stringify(committed.map((_, i) => i + 1));
      if (!whole) {
        const requirements = blaming ? await blame(adapter, onKey.map(({ event }) => event), stored.get(key), answers) : [];
        throw new Disagreement(`key ${JSON.stringify(key)}: after ${onKey.map(({ event }) => describeEvent(event)).join(', ')} delivered together, `
          + `the sequential model has ${JSON.stringify(expected)} with increments answering 1..${committed.length}; the object holds ${JSON.stringify(stored.get(key))} and the events answered ${JSON.stringify(onKey.map(({ answer }) => answer))}`, requirements);
      }
    }
  } finally {
    await object.destroy();
  }
}

describe('interleaving model', () => {
  storageSpec(['ST-CONS-INPUT-GATE', 'ST-OPT-ALLOW-UNCONFIRMED', 'ST-TXN-ISOLATED', 'ST-TXN-ABORT-ON-THROW', 'ST-TXN-ROLLBACK'],
    'events delivered together end as if run one after another (property)', async ({ adapter, seed, task }) => {
      task.meta.seed = seed;
      const details = await fc.check(fc.asyncProperty(events, (batch) => runTogether(adapter, batch)), { seed, numRuns: 20 });
      if (!details.failed) return;
      const found = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      // The shrunk counterexample's events on the key that disagreed name the requirements broken.
      if (details.errorInstance instanceof Disagreement) task.meta.failedRequirements = details.errorInstance.requirements;
      expect.fail([
        `Events delivered together disagree with the sequential model (seed ${seed}: replay with --seed ${seed}; case ${details.numRuns} of 20, shrunk ${details.numShrinks} times, fast-check path "${details.counterexamplePath}").`,
        found,
        `The whole batch: ${(details.counterexample?.[0] ?? []).map(describeEvent).join('; ')}`,
      ].join('\n'));
    }, { timeout: 120_000 });
});
