// Misreading: deleteAlarm() cancels only an alarm still in the future; one that is already due is
// considered fired and left to run.

import type { ObjectStorage, StorageAdapter } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

// The current object's clock (the specs of a file run one at a time, each on a fresh object).
let objectTime: () => Promise<number> = async () => Date.now();

const base = brokenAdapter('alarm-delete-keeps-due', (real) => ({
  async deleteAlarm(options) {
    const time = await real.getAlarm();
    if (time !== null && time <= (await objectTime())) return;
    await real.deleteAlarm(options);
  },
} as Partial<ObjectStorage>));

export default {
  ...base,
  async create() {
    const object = await base.create();
    const run = object.run.bind(object);
    objectTime = () => object.clock!.now();
    return Object.assign(object, {
      async run(scenario: string, args?: unknown) {
        if (scenario !== 'setAlarmThenDelete') return run(scenario, args);
        // The scenario's deleteAlarm, with this misreading, leaves the due alarm in place.
        const { time } = args as { time: number };
        return time <= (await object.clock!.now()) ? run('setAlarmThenGet', { time }) : run(scenario, args);
      },
    });
  },
} as StorageAdapter;
