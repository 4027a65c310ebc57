// Misreading: an event's answer goes out as soon as it is ready; only allowUnconfirmed writes were
// meant to skip the wait, but every write does.

import { brokenAdapter, withScenario } from './wrap.js';

export default withScenario<unknown>(brokenAdapter('cons-no-output-gate', () => ({})), 'putThenRespond', async (_object, args, run) => {
  // The scenario's confirmed put, answered without waiting for its flush.
  await run('putUnconfirmedAndRespond', args);
  return 'written';
});
