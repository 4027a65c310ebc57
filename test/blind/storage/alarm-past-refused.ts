// Violates: the transition "any | setAlarm(time) | time is now or earlier | alarm scheduled for asynchronous execution in the immediate future".
// Misreading: an alarm must be in the future; setAlarm() of now or earlier is refused with a RangeError.
import { blindVariant, override } from './support.js';

export default blindVariant('alarm-past-refused', {
  backend: 'kv',
  view: (storage, { runtime }) => override(storage, {
    setAlarm: async (time: any, options?: any) => {
      const ms = time instanceof Date ? time.getTime() : time;
      if (typeof ms === 'number' && ms <= runtime.clock.now()) throw new RangeError('setAlarm(): the alarm time must be in the future.');
      return storage.setAlarm(time, options);
    },
  }),
});
