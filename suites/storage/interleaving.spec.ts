// A model-based test of interleaving: random sets of events delivered together
// to one object, checked against the sequential model. Each event is a read-modify-write of one key
// in one of the ways the document makes atomic (a get then a put with only non-I/O awaits between,
// with or without allowUnconfirmed, or read back before it settled with allowConcurrency; a
// transaction whose closure awaits non-I/O promises or a timer, or reads its key twice across a
// timer), or a transaction that aborts (a throw, or rollback()) after writing, at once or after
// waiting on other I/O while the other events write. Where the adapter offers faults, a batch may
// arm a failed flush first. Whatever the order the runtime delivers the events in, the end state
// must be that of running them one after another: every key holds the number of its committed
// increments, each increment saw the one before it, every read saw what the model says, no
// aborted write is seen. With a failed flush: every increment whose answer came back (without
// allowUnconfirmed) is on disk and saw the one before it, and someone got an error. Keys reach
// the edges: the empty key, case, % _ \, astral characters in every position, keys extending each
// other. A failure is blamed on the requirements the (shrunk) counterexample breaks on the key that
// disagreed, not on every requirement this spec cites.

import fc from 'fast-check';
import { describe, expect } from 'vitest';
import { storageSpec } from '../../src/spec-kit/storage.js';
import type { StorageAdapter, StorageObject } from '../../contract/storage.js';

type Kind = 'increment' | 'unconfirmed' | 'concurrentRead' | 'txn' | 'txnTimer' | 'txnReread'
  | 'txnThrows' | 'txnRollback' | 'txnTimerThrows' | 'txnTimerRollback';
interface Event { kind: Kind; key: string; awaits: number }
interface Batch { events: Event[]; fault: boolean }

/** The requirement each kind of event relies on to commit its increment whole. */
const RELIES_ON: Record<Kind, string[]> = {
  increment: ['ST-CONS-INPUT-GATE'],
  unconfirmed: ['ST-CONS-INPUT-GATE', 'ST-OPT-ALLOW-UNCONFIRMED'],
  concurrentRead: ['ST-CONS-INPUT-GATE'],
  txn: ['ST-TXN-ISOLATED'],
  txnTimer: ['ST-TXN-ISOLATED'],
  txnReread: ['ST-TXN-ISOLATED'],
  txnThrows: ['ST-TXN-ABORT-ON-THROW'],
  txnRollback: ['ST-TXN-ROLLBACK'],
  txnTimerThrows: ['ST-TXN-ABORT-ON-THROW'],
  txnTimerRollback: ['ST-TXN-ROLLBACK'],
};
const ABORTED = 'aborted write';
/** The kinds whose increment commits; the others abort and write nothing. */
const COMMITS: Kind[] = ['increment', 'unconfirmed', 'concurrentRead', 'txn', 'txnTimer', 'txnReread'];
const KINDS = Object.keys(RELIES_ON) as Kind[];
const ABORTS = KINDS.filter((kind) => !COMMITS.includes(kind));

const KEYS = ['', 'a', 'A', 'ab', 'abc', 'a%', 'a_', 'a\\', '%', '_', '\\', '😀', 'a😀', '😀a', 'a😀b', '\uFFFF', '\u{10000}'];
/** A key no event uses: a write to it after the batch tells whether the armed fault was used up. */
const PROBE_KEY = '\u{10FFFF}specgate:probe';

const event = fc.record({
  kind: fc.constantFrom<Kind>(...KINDS),
  key: fc.constantFrom(...KEYS),
  awaits: fc.integer({ min: 0, max: 5 }),
});
const batches = (faults: boolean): fc.Arbitrary<Batch> => fc.record({
  events: fc.array(event, { minLength: 2, maxLength: 12 }),
  fault: faults ? fc.boolean() : fc.constant(false),
});

const describeEvent = ({ kind, key, awaits }: Event) => `${kind}(${JSON.stringify(key)}, ${awaits} non-I/O awaits)`;
const describeBatch = ({ events, fault }: Batch) => `${fault ? 'a failed flush armed, then ' : ''}${events.map(describeEvent).join('; ')}`;

class Disagreement extends Error {
  constructor(message: string, readonly requirements: string[]) { super(message); }
}

/**
 * What one event answered, in the model's terms: the value its increment wrote (committing kinds),
 * and a read inside it that disagreed with the model (the requirement it breaks, and how).
 */
interface Answer { value?: unknown; misread?: { requirement: string; what: string } }

/** Delivers one event to the object; answers what it answered (an abort's rejection is caught inside). */
async function deliver(object: StorageObject, { kind, key, awaits }: Event): Promise<Answer> {
  switch (kind) {
    case 'increment': return { value: await object.run('incrementAcrossAwaits', { key, awaits }) };
    case 'unconfirmed': return { value: await object.run('incrementAcrossAwaits', { key, awaits, unconfirmed: true }) };
    case 'txn': return { value: await object.run('transactionIncrement', { key, awaits, timer: false }) };
    case 'txnTimer': return { value: await object.run('transactionIncrement', { key, awaits, timer: true }) };
    case 'concurrentRead': {
      // An answer that is not the scenario's (none at all) is what the model checks, as a value.
      const answer = await object.run<{ value: unknown; seen: unknown; listed: [string, unknown][] } | undefined>('incrementSeenConcurrently', { key, awaits });
      if (answer?.listed === undefined) return { value: answer };
      const { value, seen, listed } = answer;
      const whole = seen === value && JSON.stringify(listed) === JSON.stringify([[key, value]]);
      return { value, ...(!whole && { misread: { requirement: 'ST-OPT-ALLOW-CONCURRENCY', what: `reads with allowConcurrency issued after the event's own put of ${JSON.stringify(value)} to ${JSON.stringify(key)} answered get ${JSON.stringify(seen)}, list ${JSON.stringify(listed)}` } }) };
    }
    case 'txnReread': {
      const answer = await object.run<{ value: unknown; first: unknown; second: unknown } | undefined>('transactionRereadIncrement', { key });
      if (answer === undefined || !('first' in answer)) return { value: answer };
      const { value, first, second } = answer;
      return { value, ...(first !== second && { misread: { requirement: 'ST-TXN-ISOLATED', what: `a transaction read ${JSON.stringify(key)} twice across a timer turn and got ${JSON.stringify(first)}, then ${JSON.stringify(second)}` } }) };
    }
    case 'txnThrows': return { value: await object.run('transactionThrows', { entries: { [key]: ABORTED } }) };
    case 'txnRollback': return { value: await object.run('transactionRollbackValue', { entries: { [key]: ABORTED } }) };
    case 'txnTimerThrows': return { value: await object.run('transactionAbortAcrossTimer', { key, value: ABORTED, how: 'throw' }) };
    case 'txnTimerRollback': return { value: await object.run('transactionAbortAcrossTimer', { key, value: ABORTED, how: 'rollback' }) };
  }
}

const FAILED = 'failed: ';
const failedAnswer = (answer: Answer) => typeof answer.value === 'string' && answer.value.startsWith(FAILED);

/** Whether one event fails when it is delivered alone, to a fresh object. */
async function failsAlone(adapter: StorageAdapter, event: Event): Promise<boolean> {
  const object = await adapter.create();
  try {
    return await deliver(object, event).then(() => false, () => true);
  } finally {
    await object.destroy();
  }
}

/** Whether these events alone, delivered together on a fresh object (no fault), disagree with the model. */
async function disagreeAlone(adapter: StorageAdapter, events: Event[]): Promise<boolean> {
  return runTogether(adapter, { events, fault: false }, false).then(() => false, (error: unknown) => error instanceof Disagreement);
}

const requirementsOf = (kinds: Kind[]) => [...new Set(kinds.flatMap((kind) => RELIES_ON[kind]))].sort();

/**
 * The requirements a lost or doubled increment on one key shows broken: those of the committing
 * kinds which, delivered alone (twice), still disagree; else an abort whose presence makes the
 * committing events disagree (it undid their writes: isolation); else every kind on the key.
 */
async function blameLostIncrement(adapter: StorageAdapter, onKey: Event[]): Promise<string[]> {
  const kinds = [...new Set(onKey.map((event) => event.kind))];
  const alone: Kind[] = [];
  for (const kind of kinds.filter((k) => COMMITS.includes(k))) {
    const same = onKey.filter((event) => event.kind === kind);
    if (await disagreeAlone(adapter, [...same, ...same])) alone.push(kind);
  }
  if (alone.length > 0) return requirementsOf(alone);
  const committing = onKey.filter((event) => COMMITS.includes(event.kind));
  for (const abort of kinds.filter((k) => ABORTS.includes(k))) {
    if (await disagreeAlone(adapter, [...committing, ...onKey.filter((event) => event.kind === abort)])) return ['ST-TXN-ISOLATED'];
  }
  return requirementsOf(kinds);
}

/** What the events on one key answered, with the events. */
type OnKey = { event: Event; answer: Answer }[];

/**
 * Checks one key after a batch delivered without a fault: the sequential model's count, the
 * increments' answers 1..n, every read inside an event as the model says, no aborted write seen.
 */
async function checkKey(adapter: StorageAdapter, key: string, onKey: OnKey, stored: unknown, blaming: boolean): Promise<void> {
  const committed = onKey.filter(({ event }) => COMMITS.includes(event.kind));
  const expected = committed.length === 0 ? undefined : committed.length;
  const seen = committed.map(({ answer }) => answer.value).sort((a, b) => Number(a) - Number(b));
  const whole = stored === expected && JSON.stringify(seen) === JSON.stringify(committed.map((_, i) => i + 1));
  const misread = onKey.find(({ answer }) => answer.misread)?.answer.misread;
  if (whole && !misread) return;
  const sawAborted = JSON.stringify([stored, ...onKey.map(({ answer }) => answer.value)]).includes(ABORTED);
  const what = `key ${JSON.stringify(key)}: after ${onKey.map(({ event }) => describeEvent(event)).join(', ')} delivered together, `;
  if (whole && misread) throw new Disagreement(`${what}${misread.what}`, [misread.requirement]);
  let requirements: string[] = [];
  if (blaming) {
    requirements = sawAborted
      ? requirementsOf(onKey.map(({ event }) => event.kind).filter((kind) => ABORTS.includes(kind)))
      : await blameLostIncrement(adapter, onKey.map(({ event }) => event));
  }
  throw new Disagreement(`${what}the sequential model has ${JSON.stringify(expected)} with increments answering 1..${committed.length}; `
    + `the object holds ${JSON.stringify(stored)} and the events answered ${JSON.stringify(onKey.map(({ answer }) => answer.value))}`, requirements);
}

/**
 * Checks one key after a batch with a failed flush: what a failed write may lose is only what no
 * client was told of. Every increment answered without allowUnconfirmed is on disk (the output
 * gate) and saw the one before it (distinct values, none above what is stored), the stored count
 * is no more than the increments made, and no aborted write is seen.
 */
async function checkKeyAfterFault(adapter: StorageAdapter, batch: Batch, key: string, onKey: OnKey, stored: unknown): Promise<void> {
  const committed = onKey.filter(({ event }) => COMMITS.includes(event.kind));
  const confirmed = committed.filter(({ event, answer }) => event.kind !== 'unconfirmed' && !failedAnswer(answer)).map(({ answer }) => answer.value);
  const count = stored === undefined ? 0 : stored;
  const what = `key ${JSON.stringify(key)}: after a failed flush was armed and ${onKey.map(({ event }) => describeEvent(event)).join(', ')} were delivered together, `
    + `the object holds ${JSON.stringify(stored)} and the events answered ${JSON.stringify(onKey.map(({ answer }) => answer.value))}`;
  if (JSON.stringify([stored, ...onKey.map(({ answer }) => answer.value)]).includes(ABORTED)) {
    throw new Disagreement(`${what}: an aborted write was seen`, requirementsOf(onKey.map(({ event }) => event.kind).filter((kind) => ABORTS.includes(kind))));
  }
  const misread = onKey.find(({ answer }) => answer.misread && !failedAnswer(answer))?.answer.misread;
  if (misread) throw new Disagreement(`${what}: ${misread.what}`, [misread.requirement]);
  if (typeof count !== 'number' || count > committed.length || confirmed.some((value) => typeof value !== 'number' || value > count)) {
    throw new Disagreement(`${what}: an increment answered (without allowUnconfirmed) is not on disk, or more increments are stored than were made`, ['ST-CONS-OUTPUT-GATE']);
  }
  if (new Set(confirmed).size !== confirmed.length) {
    // A lost update: the events' own rules, unless it shows only with the fault (then the reset's).
    const withoutFault = await runTogether(adapter, { events: batch.events, fault: false }, true).then(() => null, (error: unknown) => error);
    throw new Disagreement(`${what}: two answered increments saw the same value`, withoutFault instanceof Disagreement ? withoutFault.requirements : ['ST-CONS-WRITE-FAILURE-RESET']);
  }
}

/** Runs the batch on a fresh object and checks the end state against the sequential model. */
async function runTogether(adapter: StorageAdapter, batch: Batch, blaming = true): Promise<void> {
  const object = await adapter.create();
  try {
    if (batch.fault) await object.faults!.failNextFlush();
    const answers = await Promise.all(batch.events.map((event) => deliver(object, event).catch((error: Error): Answer => ({ value: `${FAILED}${error.message}` }))));
    // After a fault: was it used up by the batch (this write succeeds), or is it still armed?
    const faultUsed = batch.fault && await object.storage.put(PROBE_KEY, 1).then(() => true, () => false);
    const stored = new Map(await object.storage.list());
    for (const key of new Set(batch.events.map((event) => event.key))) {
      const onKey = batch.events.map((event, i) => ({ event, answer: answers[i]! })).filter(({ event }) => event.key === key);
      if (batch.fault) {
        await checkKeyAfterFault(adapter, batch, key, onKey, stored.get(key));
        continue;
      }
      // The premise is events that work alone: one that fails on its own too (a key refused, say)
      // is other specs' subject, and its key verifies nothing here.
      const failing = onKey.filter(({ answer }) => failedAnswer(answer));
      if (failing.length > 0 && await failsAlone(adapter, failing[0]!.event)) continue;
      await checkKey(adapter, key, onKey, stored.get(key), blaming);
    }
    // A write failed to reach disk: unless some answer was not held for it (allowUnconfirmed),
    // a client received an error.
    const unheld = batch.events.some((event) => event.kind === 'unconfirmed');
    if (faultUsed && !unheld && !answers.some(failedAnswer)) {
      throw new Disagreement(`a flush failed during ${describeBatch(batch)}, and every event answered as usual: ${JSON.stringify(answers.map((answer) => answer.value))}`, ['ST-CONS-WRITE-FAILURE-RESET']);
    }
  } finally {
    await object.destroy();
  }
}

const RUNS = 20;

describe('interleaving model', () => {
  storageSpec(['ST-CONS-INPUT-GATE', 'ST-OPT-ALLOW-UNCONFIRMED', 'ST-OPT-ALLOW-CONCURRENCY', 'ST-TXN-ISOLATED', 'ST-TXN-ABORT-ON-THROW', 'ST-TXN-ROLLBACK', 'ST-CONS-OUTPUT-GATE', 'ST-CONS-WRITE-FAILURE-RESET'],
    'events delivered together end as if run one after another, also across a failed flush where the adapter can fail one (property)', async ({ adapter, seed, task }) => {
      task.meta.seed = seed;
      const details = await fc.check(fc.asyncProperty(batches(adapter.supports.faults), (batch) => runTogether(adapter, batch)), { seed, numRuns: RUNS });
      if (!details.failed) return;
      const found = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      // The shrunk counterexample's events on the key that disagreed name the requirements broken.
      if (details.errorInstance instanceof Disagreement) task.meta.failedRequirements = details.errorInstance.requirements;
      expect.fail([
        `Events delivered together disagree with the sequential model (seed ${seed}: replay with --seed ${seed}; case ${details.numRuns} of ${RUNS}, shrunk ${details.numShrinks} times, fast-check path "${details.counterexamplePath}").`,
        found,
        `The whole batch: ${details.counterexample ? describeBatch(details.counterexample[0]) : '(none)'}`,
      ].join('\n'));
    }, { timeout: 180_000 });
});
