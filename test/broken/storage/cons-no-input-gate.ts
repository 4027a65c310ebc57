// Misreading: events are delivered while a storage operation is in progress, so a read followed
// by a write is not a transaction (each storage call of the increment is a separate event).

import { brokenAdapter, withScenario } from './wrap.js';

export default withScenario<{ key: string }>(brokenAdapter('cons-no-input-gate', () => ({})), 'increment', async (object, { key }) => {
  const value = ((await object.storage.get<number>(key)) ?? 0) + 1;
  await object.storage.put(key, value);
  return value;
});
