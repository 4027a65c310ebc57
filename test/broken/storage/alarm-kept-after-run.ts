// Misreading: an alarm stays set once it has run; getAlarm() keeps answering its time until it is
// replaced or deleted (the handler still runs once).

import type { ObjectStorage } from '../../../contract/storage.js';
import { brokenAdapter } from './wrap.js';

export default brokenAdapter('alarm-kept-after-run', (real) => {
  let last: number | null = null;
  return {
    async setAlarm(time, options) {
      await real.setAlarm(time, options);
      last = await real.getAlarm();
    },
    async deleteAlarm(options) {
      await real.deleteAlarm(options);
      last = null;
    },
    async getAlarm(options) {
      return (await real.getAlarm(options)) ?? last;
    },
  } as Partial<ObjectStorage>;
});
