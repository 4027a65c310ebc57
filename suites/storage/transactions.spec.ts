// Explicit transactions: commit, abort on throw, the txn operations, rollback() and what follows it.
// Closures cannot cross into the object, so each transaction is a scenario run inside it.

import { describe, expect } from 'vitest';
import { storageSpec } from '../../src/spec-kit/storage.js';
import { besideThrown } from '../../src/spec-kit/thrown.js';
import type { ObjectStorage } from '../../contract/storage.js';
import { eventLog, interleavingOf, notInterleaved, notRecorded, runRecorded } from './support.js';

interface Outcome { ok: boolean; value?: unknown; error?: { name: string; message: string } }

/** The requirement of the put a spec sets its state up with: a put that breaks is its finding, not theirs. */
const PUT = 'ST-KV-PUT-SINGLE';

const entries = { 'txn:a': 1, 'txn:b': 'two', 'txn:c': { three: [3] } };
const contents = async (storage: ObjectStorage) => Object.fromEntries(await storage.list());

describe('commit and abort', () => {
  storageSpec('ST-TXN-COMMIT', 'a closure that completes commits every write, and transaction() resolves', async ({ object }) => {
    await object.storage.put('txn:before', 0);
    // What transaction() resolves to (the closure's value, in workerd) is not in the document.
    const { resolved, listed } = await object.run<{ resolved: boolean; listed: number }>('transactionCommit', { entries });
    expect(resolved, 'transaction() resolves once its closure completed').toBe(true);
    expect(listed, 'inside the closure, txn.list() saw the earlier key and the transaction\'s own writes').toBe(4);
    expect(await contents(object.storage), 'every write made through txn is visible after the commit').toEqual({ 'txn:before': 0, ...entries });
  });

  storageSpec('ST-TXN-ABORT-ON-THROW', 'a closure that throws aborts: transaction() rejects and none of its writes remain', async ({ object, skip }) => {
    await object.storage.put('txn:a', 'kept');
    // What transaction() did is read from what the object recorded: whether the event then
    // answers is ST-TXN-ABORT-HANDLED's subject.
    const run = await runRecorded<Outcome>(object, 'transactionThrows', { entries });
    if (!run.found) skip(notRecorded('transaction()\'s outcome', run));
    // Rejects in any way: what it rejects with (the closure's error or another) is not shown.
    expect(run.recorded?.ok, 'transaction() must reject when its closure throws').toBe(false);
    expect(await contents(object.storage), 'the aborted transaction wrote nothing; the earlier value stays').toEqual({ 'txn:a': 'kept' });
  });

  storageSpec('ST-TXN-ABORT-HANDLED', 'an object that catches the rejection of an aborted transaction answers its client as usual', async ({ object, skip }) => {
    const answered = (scenario: Promise<unknown>) => scenario.then((answer) => ({ answer }), (error: Error) => ({ error: String(error?.message ?? error) }));
    // Positive control: the same event, not catching the rejection, fails, and its client sees it.
    const uncaught = await answered(object.run('transactionThrows', { entries, rethrow: true }));
    if (!('error' in uncaught)) skip('not verified: an object that does not catch the rejection of transaction() answered too (transaction() did not reject, or no event failure reaches the client)');
    // The object answers transaction()'s outcome; that it is a rejection is ST-TXN-ABORT-ON-THROW's subject.
    const caught = await answered(object.run<Outcome>('transactionThrows', { entries }));
    expect(caught, 'no write failed (the aborted transaction writes nothing): the client receives the object\'s answer, not an error').toHaveProperty('answer.ok');
  });
});

describe('one unit', () => {
  const spread = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`txn:${i}`, i]));
  const spreadKeys = Object.keys(spread);

  storageSpec('ST-TXN-ISOLATED', 'other events see all of a transaction\'s writes or none, also while its closure waits on other I/O', async ({ object, skip }) => {
    for (const fail of [false, true]) {
      const what = fail ? 'a transaction that aborts' : 'a transaction that commits';
      // Whether transaction() resolved is read from what the object recorded: whether the event
      // answers after an abort is ST-TXN-ABORT-HANDLED's subject.
      const running = runRecorded<{ resolved: boolean }>(object, 'transactionSpread', { entries: spread, fail });
      const reads = Array.from({ length: 8 }, () => object.storage.get(spreadKeys));
      const run = await running;
      if (!run.found) skip(notRecorded(`${what}'s outcome`, run));
      expect(run.recorded?.resolved, `${what}: transaction() ${fail ? 'rejects' : 'resolves'}`).toBe(!fail);
      for (const [i, seen] of (await Promise.all(reads)).entries()) {
        expect(seen.size === 0 || seen.size === spreadKeys.length, `${what}: read ${i}, issued while it ran, saw ${seen.size} of its ${spreadKeys.length} writes`).toBe(true);
      }
      // The same read afterwards: all of the committed writes (the reads above could see them), none of the aborted ones.
      expect((await object.storage.get(spreadKeys)).size, `${what}: a read afterwards`).toBe(fail ? 0 : spreadKeys.length);
      await object.storage.delete(spreadKeys);
    }
  });
});

describe('txn operations', () => {
  storageSpec('ST-TXN-OPERATIONS', 'txn get, put, delete and list behave as the storage methods and see the transaction\'s own writes', async ({ object }) => {
    await object.storage.put({ 'txn:a': 1, 'txn:b': 2, 'txn:c': 3 });
    const results = await object.run<Record<string, unknown>>('transactionOperations', {
      put: ['txn:d', { four: 4 }], getKeys: ['txn:d', 'txn:a', 'txn:none'], deleteKey: 'txn:b', deleteKeys: ['txn:c', 'txn:d', 'txn:none'],
    });
    expect(results.ownWrite, 'txn.get(key) sees the earlier txn.put of the same transaction').toEqual({ four: 4 });
    expect(results.many, 'txn.get(keys) answers the found keys in ascending order, omitting missing ones').toEqual([['txn:a', 1], ['txn:d', { four: 4 }]]);
    expect(results.deletedOne, 'txn.delete(key) answers true for a key that existed').toBe(true);
    expect(results.deletedAgain, 'txn.delete(key) answers false once the transaction deleted it').toBe(false);
    expect(results.deletedMany, 'txn.delete(keys) counts the keys that existed, including the transaction\'s own').toBe(2);
    expect(results.listed, 'txn.list() shows the transaction\'s state').toEqual([['txn:a', 1]]);
    expect(await contents(object.storage), 'the committed transaction left exactly its state').toEqual({ 'txn:a': 1 });
  });

  storageSpec('ST-TXN-OPERATIONS', 'txn.list() takes the list options over the transaction\'s own writes', async ({ object }) => {
    await object.storage.put({ 'txn:b': 0, 'other': 0 });
    const listed = await object.run('transactionList', { entries: { 'txn:c': 1, 'txn:a': 1, 'txn:d': 1 }, options: { prefix: 'txn:', reverse: true, limit: 3 } });
    expect(listed, 'prefix, reverse and limit apply to the stored keys and the transaction\'s writes together').toEqual(['txn:d', 'txn:c', 'txn:b']);
  });
});

describe('rollback()', () => {
  storageSpec('ST-TXN-ROLLBACK', 'rollback() returns nothing and discards the transaction\'s writes', async ({ object, precondition }) => {
    await precondition('storage.put("txn:a", "kept")', () => object.storage.put('txn:a', 'kept'), PUT);
    const { returnedUndefined, result } = await object.run<{ returnedUndefined: boolean; result: Outcome }>('transactionRollbackValue', { entries });
    // When rollback() itself threw, the exception is the finding: shown whole beside the expectation.
    expect(returnedUndefined, besideThrown('txn.rollback() returns nothing', result)).toBe(true);
    expect(await contents(object.storage), 'a rolled back transaction writes nothing; the earlier value stays').toEqual({ 'txn:a': 'kept' });
  });

  storageSpec('ST-TXN-ROLLBACK-THEN-THROWS', 'after rollback() get, put, delete and list on txn fail and write nothing', async ({ object, precondition }) => {
    await precondition('storage.put("txn:probe", "before")', () => object.storage.put('txn:probe', 'before'), PUT);
    const { probes } = await object.run<{ probes: Record<string, Outcome> }>('transactionRollback', { entries, probeKey: 'txn:probe' });
    for (const operation of ['get', 'put', 'delete', 'list']) {
      expect(probes[operation]?.ok, `txn.${operation}() after rollback() must fail with an exception`).toBe(false);
    }
    expect(await object.storage.get('txn:probe'), 'the put and delete on txn after rollback() did not reach storage').toBe('before');
  });

  storageSpec('ST-TXN-ROLLBACK-ERROR-MESSAGE', 'an operation after rollback() fails with "Cannot <op>() on rolled back transaction"', async ({ object }) => {
    const { probes } = await object.run<{ probes: Record<string, Outcome> }>('transactionRollback', { entries, probeKey: 'txn:probe' });
    for (const operation of ['get', 'put', 'delete', 'list']) {
      expect(probes[operation]?.error?.message, `txn.${operation}() after rollback()`).toBe(`Cannot ${operation}() on rolled back transaction`);
    }
  });

  storageSpec('ST-TXN-ROLLBACK-TWICE', 'a second rollback() does nothing', async ({ object }) => {
    const { probes } = await object.run<{ probes: Record<string, Outcome> }>('transactionRollback', { entries, probeKey: 'txn:probe' });
    expect(probes.rollbackAgain, 'a second txn.rollback() must not throw').toMatchObject({ ok: true });
  });
});

describe('a transaction holds other events off while its closure awaits', () => {
  // A transaction is one unit isolated from other events while its closure runs, whatever the
  // closure awaits: non-I/O promises, or other I/O (a timer). The premise is that the events
  // really ran together: each logs, in the object, when it started, read, wrote and ended, and
  // begins its transaction only once another event started (or a few timer turns passed).
  // Transactions delivered one after another verify nothing of what holds them off
  // each other (not verified, never passed).
  for (const [awaits, timer] of [[10, false], [0, true]] as const) {
    const waits = timer ? 'a timer turn' : `${awaits} non-I/O promises`;
    storageSpec('ST-TXN-ISOLATED', `concurrent transactions whose closures await ${waits} between txn.get and txn.put lose no update`, async ({ object, skip }) => {
      const { log, args: logged } = eventLog();
      // Closures that await a timer are not logged: a timer pending in another event (the log's
      // waits) beside a transaction that awaits a timer timed every event of workerd out, and
      // waiting by microtasks only left workerd's events apart (both measured). Their premise is
      // not checked: on a runtime that delivers events apart this case passes without proof.
      const events = (id: number) => (timer ? {} : logged(id));
      const results = await Promise.all(Array.from({ length: 20 }, (_, id) => object.run<number>('transactionIncrement', { key: 'cons:txn', awaits, timer, ...events(id) })
        .catch((error: Error) => `failed: ${error.message}`)));
      const failed = results.filter((result) => typeof result !== 'number');
      expect(failed, 'every transaction commits').toEqual([]);
      const stored = await object.storage.get('cons:txn');
      const interleaving = await interleavingOf(object, log);
      expect(stored, `20 transactional increments awaiting ${waits} make 20`).toBe(20);
      expect([...results].sort((a, b) => Number(a) - Number(b)), 'each transaction read the previous one\'s write').toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      if (!timer && !interleaving.overlapped) skip(notInterleaved(`the 20 transactions awaiting ${waits}`, interleaving));
    });
  }
});
