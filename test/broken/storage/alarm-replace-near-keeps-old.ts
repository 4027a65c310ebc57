// Misreading (as Miniflare 2 schedules alarms): an alarm due in less than 31 s is handed to a timer
// at once, later ones are left for a poll. Replacing a near alarm with one 31 s or more away
// updates the stored time but not the timer: the handler still runs at the old time, then at the
// new one.

import type { ObjectStorage, StorageAdapter } from '../../../contract/storage.js';
import { brokenAdapter, override } from './wrap.js';

const NEAR = 31_000;
const base = brokenAdapter('alarm-replace-near-keeps-old', () => ({}));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const real = object.storage;
    const clock = object.clock!;
    // While `timer` is set, the real alarm stays at that old time; `stored` is what getAlarm() says.
    let timer: number | null = null;
    let stored: number | null = null;
    const storage = override(real, {
      async setAlarm(time, options) {
        const at = time instanceof Date ? time.getTime() : time;
        const current = await real.getAlarm();
        const now = await clock.now();
        if (current !== null && current - now < NEAR && at - now >= NEAR) {
          timer ??= current;
          stored = at;
          return;
        }
        timer = stored = null;
        await real.setAlarm(time, options);
      },
      async getAlarm(options) {
        return stored ?? real.getAlarm(options);
      },
      async deleteAlarm(options) {
        timer = stored = null;
        await real.deleteAlarm(options);
      },
    } as Partial<ObjectStorage>);
    return Object.assign(Object.create(null), object, {
      storage,
      clock: {
        now: () => clock.now(),
        async advance(ms: number) {
          const target = (await clock.now()) + ms;
          if (timer !== null && timer <= target) {
            // The old timer fires, then the stored time is scheduled.
            await clock.advance(Math.max(0, timer - (await clock.now())));
            const replacing = stored!;
            timer = stored = null;
            await real.setAlarm(replacing);
          }
          await clock.advance(Math.max(0, target - (await clock.now())));
        },
      },
    });
  },
} satisfies StorageAdapter;
