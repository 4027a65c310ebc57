// Violates: "any | setAlarm(time) | time is now or earlier | alarm scheduled for asynchronous execution in the immediate future" (States and transitions).
// Misreading: an alarm whose time has already passed has missed its moment: setAlarm() of now or
// earlier clears the alarm (nothing runs), rather than running it at once.
import { blindVariant, override } from './support.js';

export default blindVariant('r5-alarm-past-dropped', {
  backend: 'kv',
  view: (storage, { runtime }) => override(storage, {
    setAlarm: (time: any, options?: any) => {
      const ms = time instanceof Date ? time.getTime() : time;
      if (typeof ms === 'number' && Number.isFinite(ms) && ms <= runtime.clock.now()) return storage.deleteAlarm(options);
      return storage.setAlarm(time, options);
    },
  }),
});
