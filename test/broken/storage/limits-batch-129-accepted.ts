// Misreading (off by one): a batch is refused only above 129 keys or pairs, so get, put and delete
// accept 129.

import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter, byUtf8 } from './wrap.js';

export default brokenAdapter('limits-batch-129-accepted', (real) => {
  // A batch of 129 is served as two batches the real storage accepts.
  const get = async (keys: string | string[]) => {
    if (!Array.isArray(keys) || keys.length !== 129) return real.get(keys as string);
    const [first, second] = [await real.get(keys.slice(0, 128)), await real.get(keys.slice(128))];
    return new Map([...first, ...second].sort(([a], [b]) => byUtf8(a, b)));
  };
  const put = async (keyOrEntries: string | Record<string, unknown>, value?: unknown) => {
    if (typeof keyOrEntries === 'string' || Object.keys(keyOrEntries).length !== 129) {
      return typeof keyOrEntries === 'string' ? real.put(keyOrEntries, value) : real.put(keyOrEntries);
    }
    const pairs = Object.entries(keyOrEntries);
    await real.put(Object.fromEntries(pairs.slice(0, 128)));
    await real.put(Object.fromEntries(pairs.slice(128)));
  };
  const remove = async (keys: string | string[]) => {
    if (!Array.isArray(keys) || keys.length !== 129) return real.delete(keys as string);
    return (await real.delete(keys.slice(0, 128))) + (await real.delete(keys.slice(128)));
  };
  return { get, put, delete: remove } as Partial<ObjectStorage>;
});
