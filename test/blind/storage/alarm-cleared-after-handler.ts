// Violates: "no alarm | setAlarm(time) | | alarm set" (States and transitions) with "An alarm
// counts as set if it has not started": an alarm the handler sets while it runs is a new alarm, set.
// Misreading: an alarm is done once its handler has run, and the runtime clears it then; so an
// alarm the handler set for later (a periodic job re-arming itself) is cleared with it.
import { blindVariant } from './support.js';

export default blindVariant('alarm-cleared-after-handler', {
  backend: 'kv',
  patch: ({ internals }) => {
    const scheduler = internals.alarms;
    const handler = scheduler.handler;
    scheduler.handler = async (storage: any, info: any) => {
      await handler(storage, info);
      await storage.deleteAlarm();
    };
  },
});
