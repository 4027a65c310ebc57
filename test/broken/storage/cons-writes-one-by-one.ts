// Misreading: writes issued with no await between them are submitted one by one, each its own
// flush; a failed one does not take the others with it.

import type { StorageAdapter } from '../../../src/storage/contract.js';
import { brokenAdapter } from './wrap.js';

const base = brokenAdapter('cons-writes-one-by-one', () => ({}));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const run = object.run.bind(object);
    return Object.assign(object, {
      async run(scenario: string, args?: unknown) {
        if (scenario !== 'putWithoutAwait') return run(scenario, args);
        const { entries } = args as { entries: Record<string, unknown> };
        for (const [key, value] of Object.entries(entries)) await object.storage.put(key, value).catch(() => undefined);
        return Object.keys(entries).length;
      },
    });
  },
} as StorageAdapter;
