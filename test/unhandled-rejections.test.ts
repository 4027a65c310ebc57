// Every promise a storage spec's calls hand out is the spec's: one that rejects before the spec
// awaits it is no unhandled rejection of the process (which vitest reports outside any spec,
// "(unhandled): … not implemented", naming none), and one the spec never awaits is its own error,
// naming the call. The adapter's get() rejects on a timer turn, before the spec gets to its await.

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StorageAdapter } from '../contract/storage.js';
import { referenceAdapter } from '../src/adapters/reference.js';
import { boundedAdapter, unobservedRejections, type PromiseLedger } from '../src/spec-kit/bounded-storage.js';
import { unawaitedRejections } from '../src/spec-kit/storage.js';

/** The reference, but get() rejects a timer turn after it is called, as an unimplemented method of a remote runtime does. */
function lateRejecting(): StorageAdapter {
  const reference = referenceAdapter('get-not-implemented', 'kv');
  return {
    ...reference,
    async create() {
      const object = await reference.create();
      const get = () => new Promise((_, reject) => setTimeout(() => reject(new Error('get() not implemented')), 1));
      return { ...object, storage: new Proxy(object.storage, { get: (target, property) => (property === 'get' ? get : Reflect.get(target, property, target)) }) };
    },
  };
}

const turn = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe('promises a spec creates are attributed to it', () => {
  const unhandled: unknown[] = [];
  const listener = (reason: unknown) => { unhandled.push(reason); };
  beforeEach(() => { unhandled.length = 0; process.on('unhandledRejection', listener); });
  afterEach(() => { process.off('unhandledRejection', listener); });

  it('a rejection awaited late reaches the spec, and is no unhandled rejection of the process', async () => {
    const ledger: PromiseLedger = [];
    const object = await boundedAdapter(lateRejecting(), 1000, undefined, ledger).create();
    const late = object.storage.get('k');
    await turn();
    await expect(late).rejects.toThrow('get() not implemented');
    expect(unhandled).toEqual([]);
    expect(unobservedRejections(ledger)).toEqual([]);
    // So does one awaited by Promise.all, and one caught.
    const [a, b] = [object.storage.get('a'), object.storage.get('b')];
    await turn();
    await expect(Promise.all([a, b])).rejects.toThrow('not implemented');
    await object.storage.get('c').catch(() => undefined);
    expect(unobservedRejections(ledger)).toEqual([]);
    await object.destroy();
  });

  it('a rejection the spec never awaited is named as its own error, with the call and the exception', async () => {
    const ledger: PromiseLedger = [];
    const object = await boundedAdapter(lateRejecting(), 1000, undefined, ledger).create();
    void object.storage.get('forgotten');
    await turn();
    expect(unhandled).toEqual([]);
    const unseen = unobservedRejections(ledger);
    expect(unseen.map((h) => h.label)).toEqual(['storage.get("forgotten")']);
    const error = unawaitedRejections(unseen.map(({ label, rejected }) => ({ label, reason: rejected!.reason })));
    expect(error.message).toMatch(/^storage\.get\("forgotten"\) was rejected and the spec never awaited it: Error: get\(\) not implemented\n {4}at /);
    await object.destroy();
  });
});
