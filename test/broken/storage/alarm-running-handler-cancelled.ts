// Misreading: setAlarm() and deleteAlarm() replace the alarm outright, aborting a handler that is
// running (the object is reset under it).

import type { ObjectStorage, StorageAdapter } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

/** While the clock moves, alarm handlers may be running: how to abort them (one object at a time). */
let abortRunningHandler: (() => Promise<void>) | null = null;

const base = brokenAdapter('alarm-running-handler-cancelled', (real) => ({
  async setAlarm(time, options) {
    await real.setAlarm(time, options);
    await abortRunningHandler?.();
  },
  async deleteAlarm(options) {
    await real.deleteAlarm(options);
    await abortRunningHandler?.();
  },
} as Partial<ObjectStorage>));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const clock = object.clock!;
    return Object.assign(object, {
      clock: {
        now: () => clock.now(),
        async advance(ms: number) {
          abortRunningHandler = () => object.restart();
          try {
            await clock.advance(ms);
          } finally {
            abortRunningHandler = null;
          }
        },
      },
    });
  },
} as StorageAdapter;
