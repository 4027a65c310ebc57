// Misreading: delete(key) resolves to true once the key is gone, whether or not it existed.

import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

export default brokenAdapter('kv-delete-always-true', (real) => ({
  async delete(keys: string | string[]) {
    if (Array.isArray(keys)) return real.delete(keys);
    await real.delete(keys);
    return true;
  },
} as Partial<ObjectStorage>));
