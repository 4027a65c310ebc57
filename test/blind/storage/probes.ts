// Probes: for each variant the suite misses, a few lines that show, without the suite, that the
// variant really behaves as its misreading says and the reference does not. Each probe runs on a
// fresh object and answers an observation; the test expects `reference` from the unbroken control
// of the same backend and `variant` from the variant, so that a "missed" is a gap of the suite,
// not a variant that changed nothing.

import type { ObjectStorage } from '../../../contract/storage.js';
import type { ProbeObject } from './support.js';
import { BLIND_VARIANTS } from './index.js';
import { R5_PROBES } from './r5-probes.js';

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
  // Caught no more by its sentence's requirements since the reference holds the events in flight
  // off a transaction's storage (their operations wait for it): the events delivered during the
  // closure run their code, but touch nothing of the transaction's keys until it ended.
  'txn-gate-not-held': {
    does: 'another event is delivered while a transaction\'s closure awaits two timer turns',
    run: async ({ inside }) => {
      const log: string[] = [];
      const first = inside((storage) => storage.transaction(async (txn) => {
        await txn.get('k');
        for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
        log.push('transaction done');
      }));
      const second = inside(async () => { log.push('second'); });
      await Promise.all([first, second]);
      return log[0] === 'second';
    },
    reference: false,
    variant: true,
  },
  // Round 5: its probes (r5-probes.ts, where every r5 variant has one) of the variants the suite misses.
  ...Object.fromEntries(Object.entries(R5_PROBES).filter(([name]) => BLIND_VARIANTS.some((variant) => variant.name === name && 'missed' in variant.outcome))),
};
