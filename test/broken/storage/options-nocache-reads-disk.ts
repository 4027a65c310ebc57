// Misreading: get({noCache}) bypasses the in-memory copies and reads what is on disk, so a get
// issued while a noCache write is in flight misses it.

import { brokenAdapter, withScenario } from './wrap.js';

export default withScenario<{ key: string; value: unknown }>(brokenAdapter('options-nocache-reads-disk', () => ({})), 'noCacheWriteThenRead', async (object, { key, value }) => {
  const onDisk = await object.storage.get(key);
  await object.storage.put(key, value, { noCache: true });
  return { read: onDisk };
});
