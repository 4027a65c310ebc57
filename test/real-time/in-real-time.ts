// A storage adapter on real time, made from one on a virtual clock: each object's clock follows
// the wall clock (a ticker moves it every few ms, which runs the alarms that became due), and the
// adapter declares no `clock`. So the reference runtime, and the broken variants over it
// (test/broken/storage/), stand for a runtime whose alarms run on real time (workerd, a user's):
// the storage suite runs its alarm specs' real-time bodies against them.

import type { StorageAdapter, StorageObject } from '../../contract/storage.js';

/** How often the clock catches up with the wall clock: the lateness of an alarm at most, on an idle machine. */
const TICK_MS = 2;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Moves `object`'s clock along with the wall clock until stopped (each move waits for the alarms it ran). */
function follow(object: StorageObject): () => Promise<void> {
  const clock = object.clock;
  if (!clock) throw new Error('inRealTime: the adapter\'s objects have no clock to follow the wall clock with');
  let stopped = false;
  const ticking = (async () => {
    while (!stopped) {
      const behind = Date.now() - (await clock.now());
      if (behind > 0) await clock.advance(behind);
      await sleep(TICK_MS);
    }
  })();
  return async () => {
    stopped = true;
    await ticking.catch(() => {});
  };
}

/** `base` on real time, named `name`: its objects without a clock, their alarms on the wall clock. */
export function inRealTime(base: StorageAdapter, name = `${base.name}-real-time`): StorageAdapter {
  return {
    name,
    supports: { ...base.supports, clock: false },
    ...(base.outOfScope && { outOfScope: base.outOfScope }),
    async create(): Promise<StorageObject> {
      const object = await base.create();
      const stop = follow(object);
      return {
        // Looked up on each access: restart() may give the object a new storage.
        get storage() { return object.storage; },
        run: (scenario, args) => object.run(scenario, args),
        restart: () => object.restart(),
        ...(object.faults && { faults: object.faults }),
        async destroy() {
          await stop();
          await object.destroy();
        },
      };
    },
    ...(base.close && { close: () => base.close!() }),
  };
}
