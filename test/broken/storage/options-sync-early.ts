// Misreading: sync() resolves at once; it does not wait for pending allowUnconfirmed writes.

import type { ObjectStorage, StorageAdapter } from '../../../src/storage/contract.js';
import { brokenAdapter } from './wrap.js';

const base = brokenAdapter('options-sync-early', () => ({
  async sync() {},
} as Partial<ObjectStorage>));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const run = object.run.bind(object);
    return Object.assign(object, {
      async run(scenario: string, args?: unknown) {
        if (scenario !== 'putUnconfirmedThenSync') return run(scenario, args);
        // The scenario's `await sync()` returns without waiting for the flush.
        await run('putUnconfirmedAndRespond', args);
        return true;
      },
    });
  },
} as StorageAdapter;
