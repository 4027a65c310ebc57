// Misreading: put(entries) and delete(keys) are loops over the single-key calls, so a concurrent
// reader can see part of them. (Batches over the 128 limit still go to the real call, which
// refuses them.)

import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

const BATCH_LIMIT = 128;

export default brokenAdapter('cons-multikey-split', (real) => ({
  async put(first: string | Record<string, unknown>, second?: unknown, third?: object) {
    if (typeof first === 'string' || first === null || typeof first !== 'object' || Object.keys(first).length > BATCH_LIMIT) {
      return (real.put as (...args: unknown[]) => Promise<void>)(first, second, third);
    }
    for (const [key, value] of Object.entries(first)) if (value !== undefined) await real.put(key, value, second as object);
  },
  async delete(keys: string | string[], options?: object) {
    if (!Array.isArray(keys) || keys.length > BATCH_LIMIT) return (real.delete as (...args: unknown[]) => Promise<unknown>)(keys, options);
    let deleted = 0;
    for (const key of keys) if (await real.delete(key, options)) deleted++;
    return deleted;
  },
} as Partial<ObjectStorage>));
