// Misreading: txn writes apply as they are made; a throwing closure only stops the transaction,
// the writes it made before the throw stay.

import type { StorageAdapter } from '../../../src/storage/contract.js';
import { brokenAdapter } from './wrap.js';

const base = brokenAdapter('txn-throw-keeps-writes', () => ({}));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const run = object.run.bind(object);
    return Object.assign(object, {
      async run(scenario: string, args?: unknown) {
        if (scenario !== 'transactionThrows') return run(scenario, args);
        const { entries } = args as { entries: Record<string, unknown> };
        for (const [key, value] of Object.entries(entries)) await object.storage.put(key, value);
        return { ok: false, error: { name: 'Error', message: 'specgate: abort this transaction' } };
      },
    });
  },
} as StorageAdapter;
