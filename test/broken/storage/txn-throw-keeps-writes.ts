// Misreading: txn writes apply as they are made; a throwing closure only stops the transaction,
// the writes it made before the throw stay.

import { brokenAdapter, withScenario } from './wrap.js';

export default withScenario<{ entries: Record<string, unknown> }>(brokenAdapter('txn-throw-keeps-writes', () => ({})), 'transactionThrows', async (object, { entries }) => {
  for (const [key, value] of Object.entries(entries)) await object.storage.put(key, value);
  return { ok: false, error: { name: 'Error', message: 'specgate: abort this transaction' } };
});
