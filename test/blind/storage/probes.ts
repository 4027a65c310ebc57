// Probes: for each variant the suite misses, a few lines that show, without the suite, that the
// variant really behaves as its misreading says and the reference does not. Each probe runs on a
// fresh object and answers an observation; the test expects `reference` from the unbroken control
// of the same backend and `variant` from the variant, so that a "missed" is a gap of the suite,
// not a variant that changed nothing.

import type { ObjectStorage } from '../../../src/contract/storage.js';
import type { ProbeObject } from './support.js';

export interface Probe {
  /** What the probe does, in one line. */
  does: string;
  run(object: ProbeObject): Promise<unknown>;
  reference: unknown;
  variant: unknown;
}

/** Settles to 'resolved' or 'rejected' (what a client of the event sees). */
const outcome = (promise: Promise<unknown>): Promise<string> => promise.then(() => 'resolved', () => 'rejected');

/** A few turns of the microtask queue: awaits of promises that are not I/O. */
async function microtasks(count: number): Promise<void> {
  for (let i = 0; i < count; i++) await Promise.resolve();
}

/**
 * Whether a second event ran while the first was inside `read` (between the read and a few
 * non-I/O awaits after it): with allowConcurrency, it may; without, it may not.
 */
async function interleavesDuring(object: ProbeObject, read: (storage: ObjectStorage) => Promise<unknown>): Promise<boolean> {
  const log: string[] = [];
  const first = object.inside(async (storage) => {
    await read(storage);
    await microtasks(5);
    log.push('first done');
  });
  const second = object.inside(async () => { log.push('second'); });
  await Promise.all([first, second]);
  return log[0] === 'second';
}

/** Whether an event answers when the flush of its write fails (a reset would fail it instead). */
async function answersDespiteFailedFlush(object: ProbeObject, write: (storage: ObjectStorage) => Promise<unknown>): Promise<string> {
  await object.object.faults!.failNextFlush();
  return outcome(object.inside(async (storage) => { void write(storage); return 'answered'; }));
}

export const PROBES: Record<string, Probe> = {
  'list-prefix-as-pattern': {
    does: "list({prefix: 'a.'}) over 'a.b' and 'axb'",
    run: async ({ object }) => {
      await object.storage.put({ 'a.b': 1, axb: 2 });
      return [...(await object.storage.list({ prefix: 'a.' })).keys()];
    },
    reference: ['a.b'],
    variant: ['a.b', 'axb'],
  },
  'value-limit-counts-key': {
    does: 'put() of a 2,000-byte key with a value of 130,000 serialized bytes (each within its limit)',
    run: ({ object }) => outcome(object.storage.put('k'.repeat(2000), 'v'.repeat(130_000 - 3))),
    reference: 'resolved',
    variant: 'rejected',
  },
  'value-limit-utf16-string': {
    does: 'put() of an ASCII string of 70,000 characters (about 70,000 serialized bytes)',
    run: ({ object }) => outcome(object.storage.put('k', 'v'.repeat(70_000))),
    reference: 'resolved',
    variant: 'rejected',
  },
  'concurrency-ignored-get': {
    does: 'another event runs during get(k, {allowConcurrency: true}) and the non-I/O awaits after it',
    run: (object) => interleavesDuring(object, (storage) => storage.get('k', { allowConcurrency: true })),
    reference: true,
    variant: false,
  },
  'concurrency-ignored-list': {
    does: 'another event runs during list({allowConcurrency: true}) and the non-I/O awaits after it',
    run: (object) => interleavesDuring(object, (storage) => storage.list({ allowConcurrency: true })),
    reference: true,
    variant: false,
  },
  'concurrency-ignored-getalarm': {
    does: 'another event runs during getAlarm({allowConcurrency: true}) and the non-I/O awaits after it',
    run: (object) => interleavesDuring(object, (storage) => storage.getAlarm({ allowConcurrency: true })),
    reference: true,
    variant: false,
  },
  'unconfirmed-ignored-deleteall': {
    does: 'an event that calls deleteAll({allowUnconfirmed: true}) whose flush then fails',
    run: (object) => answersDespiteFailedFlush(object, (storage) => storage.deleteAll({ allowUnconfirmed: true })),
    reference: 'resolved',
    variant: 'rejected',
  },
  'unconfirmed-ignored-deletealarm': {
    does: 'an event that calls deleteAlarm({allowUnconfirmed: true}) whose flush then fails',
    run: (object) => answersDespiteFailedFlush(object, (storage) => storage.deleteAlarm({ allowUnconfirmed: true })),
    reference: 'resolved',
    variant: 'rejected',
  },
  'failed-write-no-reset': {
    does: 'an event waiting on a timer while another event\'s write fails to reach disk',
    run: async (object) => {
      await object.object.faults!.failNextFlush();
      const waiting = outcome(object.inside(async () => { await new Promise((resolve) => setTimeout(resolve, 50)); }));
      await outcome(object.inside(async (storage) => { void storage.put('k', 1); }));
      return waiting;
    },
    reference: 'rejected',
    variant: 'resolved',
  },
  'txn-gate-not-held': {
    does: 'a transaction that reads n, waits on a timer, then writes n + 1, while another event writes n = 10',
    run: async ({ object, inside }) => {
      await object.storage.put('n', 0);
      const transaction = inside(async (storage) => storage.transaction(async (txn) => {
        const n = (await txn.get<number>('n'))!;
        await new Promise((resolve) => setTimeout(resolve, 20));
        await txn.put('n', n + 1);
      }));
      const other = inside(async (storage) => storage.put('n', 10));
      await Promise.all([transaction, other]);
      return object.storage.get('n');
    },
    reference: 10,
    variant: 1,
  },
  'gate-opens-before-continuation': {
    does: 'two events each run `n = await get(k); await <non-I/O>; put(k, n + 1)` at once',
    run: async ({ object, inside }) => {
      await object.storage.put('n', 0);
      const increment = () => inside(async (storage) => {
        const n = (await storage.get<number>('n'))!;
        await microtasks(3);
        await storage.put('n', n + 1);
      });
      await Promise.all([increment(), increment()]);
      return object.storage.get('n');
    },
    reference: 2,
    variant: 1,
  },
  'writes-flushed-one-by-one': {
    does: "put('a'), put('b') with no await between, the flush that would carry 'b' failing",
    run: async ({ object, inside }) => {
      await outcome(inside(async (storage, { runtime }) => {
        void storage.put('a', 1);
        runtime.failNextFlush();
        void storage.put('b', 2);
      }));
      return [...(await object.storage.list()).keys()];
    },
    reference: [],
    variant: ['a'],
  },
  'alarm-set-while-running': {
    does: 'getAlarm() inside the alarm handler of an alarm set 1 s ahead, once the clock reached it',
    run: async ({ object, inside }) => {
      const start = await object.clock!.now();
      await inside(async (storage) => storage.setAlarm(start + 1000));
      await object.clock!.advance(1000);
      return inside(async (_storage, { state }) => state.seenInHandler === start + 1000 ? 'its own time' : state.seenInHandler);
    },
    reference: null,
    variant: 'its own time',
  },
  'alarm-lost-on-restart': {
    does: 'getAlarm() after a restart, of an alarm set 1 h ahead and flushed before it',
    run: async ({ object }) => {
      const time = (await object.clock!.now()) + 3_600_000;
      await object.storage.setAlarm(time);
      await object.restart();
      return (await object.storage.getAlarm()) === time ? 'kept' : 'lost';
    },
    reference: 'kept',
    variant: 'lost',
  },
  'pitr-future-time-accepted': {
    does: 'getBookmarkForTime() of a time one day ahead',
    run: async ({ object }) => outcome(object.storage.getBookmarkForTime!((await object.clock!.now()) + 86_400_000)),
    reference: 'rejected',
    variant: 'resolved',
  },
  'pitr-first-request-wins': {
    does: 'two restore requests (to x = 1, then to x = 2) before one restart',
    run: async ({ object }) => {
      await object.storage.put('x', 1);
      const one = await object.storage.getCurrentBookmark!();
      await object.storage.put('x', 2);
      const two = await object.storage.getCurrentBookmark!();
      await object.storage.put('x', 3);
      await object.storage.onNextSessionRestoreBookmark!(one);
      await object.storage.onNextSessionRestoreBookmark!(two);
      await object.restart();
      return object.storage.get('x');
    },
    reference: 2,
    variant: 1,
  },
};
