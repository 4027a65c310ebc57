// What a refused write leaves, and what a failing transaction leaves, in every form: a put of one
// key or of entries with a value the structured clone algorithm refuses (made inside the object,
// where the call is: a function cannot cross into it as data), inside and outside a transaction;
// a transaction whose closure throws after a refused call or after deletes (txn.deleteAll() is not
// in the document: txn offers put, get, delete and list). And that one object's transaction, committing or aborting, never
// touches another object's storage. Every spec runs in fresh objects.

import { describe, expect } from 'vitest';
import type { StorageObject } from '../../contract/storage.js';
import { UNCLONEABLE, type StorageCall } from '../../contract/scenarios.js';
import { storageSpec } from '../../src/spec-kit/storage.js';
import { notRecorded, runRecorded } from './support.js';

interface CallOutcome { ok: boolean; value?: unknown; error?: { name: string; message: string } }
interface Made { calls: CallOutcome[]; transaction?: { ok: boolean; error?: { message: string } } }

async function make(object: StorageObject, skip: (reason: string) => void, what: string, calls: StorageCall[], transaction?: { end?: 'complete' | 'throw'; throwOnRefusal?: boolean }): Promise<Made> {
  const run = await runRecorded<Made>(object, 'calls', { calls, ...(transaction && { inTransaction: true, ...transaction }) });
  if (!run.found) skip(notRecorded(what, run));
  return run.recorded!;
}

const contents = async (object: StorageObject) => Object.fromEntries(await object.storage.list());
const BEFORE = { kept: 'original', other: 1 };

/** The refused forms of put, each with a value that cannot be cloned. */
const REFUSED_PUTS: { what: string; call: StorageCall }[] = [
  { what: 'put(key, value) of a fresh key', call: { method: 'put', args: ['fresh', UNCLONEABLE] } },
  { what: 'put(key, value) over an existing key', call: { method: 'put', args: ['kept', UNCLONEABLE] } },
  { what: 'put(entries) with one value of three that cannot be cloned', call: { method: 'put', args: [{ first: 1, second: UNCLONEABLE, kept: 'replaced' }] } },
];

describe('atomicity of refused writes and failed transactions', () => {
  for (const { what, call } of REFUSED_PUTS) {
    storageSpec('ST-CONS-REFUSED-CALL-WRITES-NOTHING', `a refused ${what} changes nothing`, async ({ object, skip }) => {
      await object.storage.put(BEFORE);
      const made = await make(object, skip, what, [call]);
      // The premise is the refusal (how a runtime refuses a function, it may not: the document
      // says values are what the structured clone algorithm supports, which refuses functions).
      if (made.calls[0]?.ok) skip(`not verified: the premise failed: ${what} was not refused, so there was no refused call to change nothing`);
      expect(await contents(object), `a refused ${what} stores nothing and leaves the storage as it was (no key of the call, not even one that reads as undefined)`).toEqual(BEFORE);
    });

    storageSpec('ST-TXN-OPERATIONS', `txn.${what} refused and caught inside a transaction writes nothing of that call; the transaction's other writes commit`, async ({ object, skip }) => {
      await object.storage.put(BEFORE);
      const made = await make(object, skip, `txn.${what}`, [{ method: 'put', args: ['own', 'written'] }, call], {});
      if (made.calls[1]?.ok) skip(`not verified: the premise failed: txn.${what} was not refused`);
      expect(made.calls[0]?.ok, 'the transaction\'s own put before it was accepted').toBe(true);
      expect(made.transaction?.ok, 'the closure caught the refusal and completed: the transaction commits').toBe(true);
      expect(await contents(object), `only the transaction's other write is added; nothing of the refused txn.${what}`).toEqual({ ...BEFORE, own: 'written' });
    });
  }

  storageSpec('ST-TXN-ABORT-ON-THROW', 'a refused txn call that the closure does not catch aborts the whole transaction: none of its writes remain', async ({ object, skip }) => {
    await object.storage.put(BEFORE);
    const made = await make(object, skip, 'a transaction with a refused txn.put', [
      { method: 'put', args: ['own', 'written'] }, { method: 'delete', args: ['other'] }, { method: 'put', args: [{ third: 3, bad: UNCLONEABLE }] },
    ], { throwOnRefusal: true });
    if (made.calls[2]?.ok) skip('not verified: the premise failed: txn.put(entries) with a value that cannot be cloned was not refused');
    expect(made.transaction?.ok, 'transaction() rejects').toBe(false);
    expect(await contents(object), 'the put and the delete made before the refused call are rolled back').toEqual(BEFORE);
  });

  storageSpec('ST-TXN-ABORT-ON-THROW', 'a closure that throws after txn.delete(key) and txn.delete(keys) leaves every deleted key in place', async ({ object, skip }) => {
    await object.storage.put({ ...BEFORE, a: 'a', b: 'b' });
    const made = await make(object, skip, 'a transaction that deletes, then throws', [
      { method: 'delete', args: ['kept'] }, { method: 'delete', args: [['a', 'b', 'missing']] },
    ], { end: 'throw' });
    expect(made.calls.map((c) => c.ok), 'the deletes were accepted').toEqual([true, true]);
    expect(made.transaction?.ok, 'transaction() rejects').toBe(false);
    expect(await contents(object), 'the aborted transaction deleted nothing').toEqual({ ...BEFORE, a: 'a', b: 'b' });
  });
});

describe('objects are isolated from each other\'s transactions', () => {
  for (const end of ['complete', 'throw'] as const) {
    const how = end === 'throw' ? 'aborts' : 'commits';
    storageSpec('ST-KV-PRIVATE', `while one object's transaction runs and ${how}, another object's acknowledged puts and deletes stay as they were acknowledged`, async ({ adapter, object, skip }) => {
      const other = await adapter.create();
      try {
        await other.storage.put({ before: 'kept', doomed: 'x' });
        await object.storage.put({ mine: 0 });
        // The other object's writes are made while the transaction runs (or just before or after
        // it: whichever, each was acknowledged, and objects' storage is private).
        const running = make(object, skip, `a transaction that ${how}`, [
          { method: 'put', args: ['mine', 1] }, { method: 'put', args: ['shared', 'from the transaction'] }, { method: 'get', args: ['before'] }, { method: 'delete', args: ['doomed'] },
        ], { end });
        const writes = Promise.all([other.storage.put('during', 'acknowledged'), other.storage.delete('doomed'), other.storage.put('shared', 'the other\'s')]);
        const [made] = await Promise.all([running, writes]);
        // Premise: the transaction's calls were accepted (what txn offers is ST-TXN-OPERATIONS's subject).
        const refused = made.calls.find((call) => !call.ok);
        if (refused) skip(`not verified: the premise failed: a call of the transaction was refused (${refused.error?.name}: ${refused.error?.message})`);
        // And it ended as meant: how a transaction ends is the transaction specs' subject.
        if (made.transaction?.ok !== (end === 'complete')) skip(`not verified: the premise failed: the transaction meant to ${end === 'complete' ? 'commit' : 'abort'} ${made.transaction?.ok ? 'resolved' : 'rejected'}`);
        expect(made.calls[2]?.value, 'txn.get() of a key only the other object has').toBeUndefined();
        expect(await contents(other), `the other object keeps every acknowledged write after this one's transaction ${how === 'aborts' ? 'aborted' : 'committed'}`)
          .toEqual({ before: 'kept', during: 'acknowledged', shared: 'the other\'s' });
      } finally {
        await other.destroy();
      }
    });
  }
});
