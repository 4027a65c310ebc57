// Misreading: an event's answer goes out as soon as it is ready; only allowUnconfirmed writes were
// meant to skip the wait, but every write does.

import type { StorageAdapter } from '../../../src/storage/contract.js';
import { brokenAdapter } from './wrap.js';

const base = brokenAdapter('cons-no-output-gate', () => ({}));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const run = object.run.bind(object);
    return Object.assign(object, {
      async run(scenario: string, args?: unknown) {
        if (scenario !== 'putThenRespond') return run(scenario, args);
        // The scenario's confirmed put, answered without waiting for its flush.
        await run('putUnconfirmedAndRespond', args);
        return 'written';
      },
    });
  },
} as StorageAdapter;
