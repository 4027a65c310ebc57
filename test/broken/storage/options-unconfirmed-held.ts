// Misreading: allowUnconfirmed is ignored; every write holds the answer until it is flushed.

import { brokenAdapter, withScenario } from './wrap.js';

export default withScenario<unknown>(brokenAdapter('options-unconfirmed-held', () => ({})), 'putUnconfirmedAndRespond', async (_object, args, run) => {
  await run('putThenRespond', args);
  return 'responded';
});
