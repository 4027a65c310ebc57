// Misreading: get({noCache}) bypasses the in-memory copies and reads what is on disk, so a get
// issued while a noCache write is in flight misses it.

import type { StorageAdapter } from '../../../src/storage/contract.js';
import { brokenAdapter } from './wrap.js';

const base = brokenAdapter('options-nocache-reads-disk', () => ({}));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const run = object.run.bind(object);
    return Object.assign(object, {
      async run(scenario: string, args?: unknown) {
        if (scenario !== 'noCacheWriteThenRead') return run(scenario, args);
        const { key, value } = args as { key: string; value: unknown };
        const onDisk = await object.storage.get(key);
        await object.storage.put(key, value, { noCache: true });
        return { read: onDisk };
      },
    });
  },
} as StorageAdapter;
