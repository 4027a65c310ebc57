// Misreading: rollback() only throws away what the transaction wrote so far; txn stays usable,
// and what it does afterwards goes straight to storage.

import type { StorageAdapter } from '../../../src/storage/contract.js';
import { brokenAdapter } from './wrap.js';

const base = brokenAdapter('txn-ops-after-rollback', () => ({}));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const run = object.run.bind(object);
    return Object.assign(object, {
      async run(scenario: string, args?: unknown) {
        if (scenario !== 'transactionRollback') return run(scenario, args);
        // The scenario's probes, as such a transaction answers them after rollback().
        const { probeKey } = args as { probeKey: string };
        const ok = (value: unknown) => ({ ok: true, value });
        const probes = {
          get: ok(await object.storage.get(probeKey)),
          put: ok(await object.storage.put(probeKey, 1)),
          delete: ok(await object.storage.delete(probeKey)),
          list: ok(await object.storage.list()),
          rollbackAgain: ok(undefined),
        };
        return { result: ok('closure returned'), probes };
      },
    });
  },
} as StorageAdapter;
