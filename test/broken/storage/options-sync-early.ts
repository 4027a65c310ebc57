// Misreading: sync() resolves at once; it does not wait for pending allowUnconfirmed writes.

import type { ObjectStorage } from '../../../src/storage/contract.js';
import { brokenAdapter, withScenario } from './wrap.js';

const syncAtOnce = brokenAdapter('options-sync-early', () => ({ async sync() {} } as Partial<ObjectStorage>));

export default withScenario<unknown>(syncAtOnce, 'putUnconfirmedThenSync', async (_object, args, run) => {
  // The scenario's `await sync()` returns without waiting for the flush.
  await run('putUnconfirmedAndRespond', args);
  return true;
});
