// Misreading: deleteAll() leaves the alarm in memory (getAlarm() still answers it, its timer still
// runs) but empties the disk with it: after a restart, an alarm set before a deleteAll is gone.

import { referenceKvAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage, StorageAdapter, StorageObject } from '../../../contract/storage.js';
import { override } from './wrap.js';

export default {
  ...referenceKvAdapter,
  name: 'alarm-deleteall-drops-persisted',
  async create(): Promise<StorageObject> {
    const object = await referenceKvAdapter.create();
    // Whether the disk lost the alarm: a deleteAll since the alarm was last set.
    let dropped = false;
    const view = (real: ObjectStorage) => override(real, {
      async deleteAll(options) {
        await real.deleteAll(options);
        dropped = true;
      },
      async setAlarm(time, options) {
        await real.setAlarm(time, options);
        dropped = false;
      },
    });
    return {
      get storage() { return view(object.storage); },
      run: (scenario, args) => object.run(scenario, args),
      async restart() {
        await object.restart();
        if (dropped) await object.storage.deleteAlarm();
        dropped = false;
      },
      clock: object.clock!,
      faults: object.faults!,
      destroy: () => object.destroy(),
    };
  },
} satisfies StorageAdapter;
