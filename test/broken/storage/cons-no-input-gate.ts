// Misreading: events are delivered while a storage operation is in progress, so a read followed
// by a write is not a transaction (each storage call of the increment is a separate event).

import type { StorageAdapter } from '../../../src/storage/contract.js';
import { brokenAdapter } from './wrap.js';

const base = brokenAdapter('cons-no-input-gate', () => ({}));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const run = object.run.bind(object);
    return Object.assign(object, {
      async run(scenario: string, args?: unknown) {
        if (scenario !== 'increment') return run(scenario, args);
        const { key } = args as { key: string };
        const value = ((await object.storage.get<number>(key)) ?? 0) + 1;
        await object.storage.put(key, value);
        return value;
      },
    });
  },
} as StorageAdapter;
