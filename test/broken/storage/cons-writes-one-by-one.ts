// Misreading: writes issued with no await between them are submitted one by one, each its own
// flush; a failed one does not take the others with it.

import { brokenAdapter, withScenario } from './wrap.js';

export default withScenario<{ entries: Record<string, unknown> }>(brokenAdapter('cons-writes-one-by-one', () => ({})), 'putWithoutAwait', async (object, { entries }) => {
  for (const [key, value] of Object.entries(entries)) await object.storage.put(key, value).catch(() => undefined);
  return Object.keys(entries).length;
});
