// Misreading: sync() resolves at once; it does not wait for pending allowUnconfirmed writes (nor
// for their flush to fail). Broken both where specs call it and inside the object (scenarios).

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter, override } from './wrap.js';

const syncAtOnce = (): Partial<ObjectStorage> => ({ async sync() {} });

export default brokenAdapter('options-sync-early', syncAtOnce, referenceAdapter('options-sync-early', 'kv', (storage) => override(storage, syncAtOnce())));
