// Misreading: allowUnconfirmed is ignored; every write holds the answer until it is flushed.

import type { StorageAdapter } from '../../../src/storage/contract.js';
import { brokenAdapter } from './wrap.js';

const base = brokenAdapter('options-unconfirmed-held', () => ({}));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const run = object.run.bind(object);
    return Object.assign(object, {
      async run(scenario: string, args?: unknown) {
        if (scenario !== 'putUnconfirmedAndRespond') return run(scenario, args);
        await run('putThenRespond', args);
        return 'responded';
      },
    });
  },
} as StorageAdapter;
