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

/**
 * Sets an alarm a second away and makes its run fail (the flush of the run's own deleteAlarm
 * fails, which resets the object): afterwards its retry is pending, a few seconds away.
 */
async function failOneAlarmRun({ object, context }: ProbeObject): Promise<void> {
  const clock = object.clock!;
  await object.storage.setAlarm((await clock.now()) + 1000);
  context.runtime.failNextFlush();
  await clock.advance(1000);
}

export const PROBES: Record<string, Probe> = {
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
  // Round 3 (2026-11-27)
  'value-limit-batch-total': {
    does: 'put({a, b}) of two values of 70,000 characters each (each well under 128 KiB, together over it)',
    run: ({ object }) => outcome(object.storage.put({ a: 'x'.repeat(70_000), b: 'y'.repeat(70_000) })),
    reference: 'resolved',
    variant: 'rejected',
  },
  'delete-answers-from-disk': {
    does: "put('k', 1) then delete('k') with no await between: whether the key existed",
    run: ({ inside }) => inside(async (storage) => {
      void storage.put('k', 1);
      return storage.delete('k');
    }),
    reference: true,
    variant: false,
  },
  'deleteall-spares-unflushed': {
    does: "put('a', 1) then deleteAll() with no await between: the keys left",
    run: async ({ object, inside }) => {
      await inside(async (storage) => {
        void storage.put('a', 1);
        await storage.deleteAll();
      });
      return [...(await object.storage.list()).keys()];
    },
    reference: [],
    variant: ['a'],
  },
  'unconfirmed-ignored-put-entries': {
    does: 'put({a: 1}, {allowUnconfirmed: true}), its flush failing: what the caller of the event receives',
    run: ({ inside }) => outcome(inside(async (storage, { runtime }) => {
      runtime.failNextFlush();
      void storage.put({ a: 1 }, { allowUnconfirmed: true });
    })),
    reference: 'resolved',
    variant: 'rejected',
  },
  'txn-commit-unconfirmed': {
    does: "a transaction that puts 'a', its commit's flush failing: what the caller of the event receives",
    run: ({ inside }) => outcome(inside(async (storage, { runtime }) => {
      runtime.failNextFlush();
      await storage.transaction(async (txn) => { await txn.put('a', 1); });
    })),
    reference: 'rejected',
    variant: 'resolved',
  },
  'alarm-retry-survives-delete': {
    does: 'an alarm whose run failed (its retry pending), then deleteAlarm(): whether getAlarm() answers null',
    run: async (object) => {
      await failOneAlarmRun(object);
      await object.object.storage.deleteAlarm();
      return (await object.object.storage.getAlarm()) === null;
    },
    reference: true,
    variant: false,
  },
  'alarm-retry-lost-on-restart': {
    does: 'an alarm whose run failed (its retry pending), then a restart: whether getAlarm() still answers a time',
    run: async (object) => {
      await failOneAlarmRun(object);
      await object.object.restart();
      return typeof (await object.object.storage.getAlarm());
    },
    reference: 'number',
    variant: 'object',
  },
  'pitr-current-excludes-unflushed': {
    does: "put('a', 1) then getCurrentBookmark() with no await between; restore that bookmark: what get('a') answers",
    run: async ({ object, inside }) => {
      const bookmark = await inside(async (storage) => {
        void storage.put('a', 1);
        return storage.getCurrentBookmark!();
      });
      await object.storage.onNextSessionRestoreBookmark!(bookmark);
      await object.restart();
      return object.storage.get('a');
    },
    reference: 1,
    variant: undefined,
  },
};
