// Misreading: get(keys[]) answers every requested key, a missing one mapped to undefined.

import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter, byUtf8 } from './wrap.js';

export default brokenAdapter('kv-get-batch-undefined-entries', (real) => ({
  async get(keys: string | string[]) {
    if (!Array.isArray(keys)) return real.get(keys);
    const found = await real.get(keys);
    return new Map([...new Set(keys)].sort(byUtf8).map((key) => [key, found.get(key)]));
  },
} as Partial<ObjectStorage>));
