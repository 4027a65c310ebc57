// Misreading: rollback() only throws away what the transaction wrote so far; txn stays usable,
// and what it does afterwards goes straight to storage.

import { brokenAdapter, withScenario } from './wrap.js';

export default withScenario<{ probeKey: string }>(brokenAdapter('txn-ops-after-rollback', () => ({})), 'transactionRollback', async (object, { probeKey }) => {
  // The scenario's probes, as such a transaction answers them after rollback().
  const ok = (value: unknown) => ({ ok: true, value });
  const probes = {
    get: ok(await object.storage.get(probeKey)),
    put: ok(await object.storage.put(probeKey, 1)),
    delete: ok(await object.storage.delete(probeKey)),
    list: ok(await object.storage.list()),
    rollbackAgain: ok(undefined),
  };
  return { result: ok('closure returned'), probes };
});
