// Misreading: "within the last 30 days" read as strictly inside them: a time exactly 30 days ago
// is refused (a millisecond later is accepted).

import { referenceSqliteAdapter } from '../../../src/adapters/reference.js';
import type { StorageAdapter } from '../../../contract/storage.js';
import { brokenAdapter, override } from './wrap.js';

const WINDOW = 30 * 24 * 60 * 60 * 1000;
const base = brokenAdapter('pitr-window-edge-excluded', () => ({}), referenceSqliteAdapter);

export default {
  ...base,
  async create() {
    const object = await base.create();
    const storage = () => object.storage;
    const view = (real: ReturnType<typeof storage>) => override(real, {
      getBookmarkForTime: async (time: number | Date) => {
        if (Number(time) <= (await object.clock!.now()) - WINDOW) throw new RangeError('getBookmarkForTime(): the time must be within the last 30 days.');
        return real.getBookmarkForTime!(time);
      },
    });
    const real = Object.getOwnPropertyDescriptor(object, 'storage')!;
    return Object.defineProperty(object, 'storage', { get: () => view(real.get ? real.get.call(object) : real.value) });
  },
} as StorageAdapter;
