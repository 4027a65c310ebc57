// Misreading: once an alarm has fired it is gone; getAlarm() answers null even while the failed
// run's retry is pending.

import type { ObjectStorage } from '../../../src/storage/contract.js';
import { ALARM_LOG_KEY } from '../../../suites/storage/scenarios.js';
import { brokenAdapter } from './wrap.js';

export default brokenAdapter('alarm-retry-null', (real) => {
  let lastSet: number | null = null;
  return {
    async setAlarm(time, options) {
      lastSet = time instanceof Date ? time.getTime() : time;
      await real.setAlarm(time, options);
    },
    async getAlarm(options) {
      const time = await real.getAlarm(options);
      const fired = ((await real.get<number[]>(ALARM_LOG_KEY)) ?? []).some((run) => lastSet !== null && run >= lastSet);
      return fired ? null : time;
    },
  } as Partial<ObjectStorage>;
});
