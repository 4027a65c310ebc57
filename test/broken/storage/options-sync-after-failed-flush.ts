// Misreading (as Miniflare 2 behaves): a failed flush is reported to the put that carried it (a
// put's promise settles with its flush, also with allowUnconfirmed) and nowhere else: the object
// is not reset, and sync() resolves once the flush is over, failed or not. A spec that awaits the
// put before calling sync() never sees sync() resolve: the put already rejected.

import type { ObjectStorage } from '../../../contract/storage.js';
import { override, patchedRuntime } from './wrap.js';

type Put = (...args: unknown[]) => Promise<void>;

export default patchedRuntime('options-sync-after-failed-flush', (runtime) => {
  // The runtime's reset after a failed flush becomes a no-op: the instance carries on.
  Object.defineProperty(runtime, 'reset', { value: (_instance: unknown, cause: unknown) => new Error('write failed to reach disk', { cause }) });
}, (real) => override(real, {
  put: (async (...args: unknown[]) => {
    await (real.put as Put)(...args);
    await real.sync(); // the flush that carries this write: rejects when it fails
  }) as ObjectStorage['put'],
  sync: () => real.sync().then(() => undefined, () => undefined),
}));
