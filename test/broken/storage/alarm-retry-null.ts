// Misreading: once an alarm has fired it is gone; getAlarm() answers null even while the failed
// run's retry is pending.

import type { ObjectStorage } from '../../../contract/storage.js';
import { ALARM_LOG_KEY } from '../../../contract/scenarios.js';
import { brokenAdapter } from './wrap.js';

export default brokenAdapter('alarm-retry-null', (real) => {
  const runs = async () => ((await real.get<number[]>(ALARM_LOG_KEY)) ?? []).length;
  /** How many runs the handler had made when the alarm was last set: a run since means it fired. */
  let runsWhenSet = 0;
  return {
    async setAlarm(time, options) {
      await real.setAlarm(time, options);
      runsWhenSet = await runs();
    },
    async getAlarm(options) {
      const time = await real.getAlarm(options);
      return (await runs()) > runsWhenSet ? null : time;
    },
  } as Partial<ObjectStorage>;
});
