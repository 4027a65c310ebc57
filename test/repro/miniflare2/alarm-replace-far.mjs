// An alarm less than 31 s away replaced by one 31 s or more away still fires at the old time:
// setAlarm() starts a timer only for an alarm less than 31 s away and, for a later one, leaves the
// timer of the alarm it replaces running (the 30-second look-ahead would start the new one later).
// The event then deletes the replacing alarm and runs the handler, tens of seconds early.
// Document, States and transitions: alarm set + setAlarm(time) -> alarm set, "Time replaced";
// Events: the handler runs "when the alarm time is reached".
import { createObject, eventually, runAsScript } from './harness.mjs';

export async function reproduce() {
  const object = await createObject();
  try {
    const near = Date.now() + 20;
    const far = Date.now() + 60_000;
    const replaced = await object.event(async (storage) => {
      await storage.setAlarm(near);
      await storage.setAlarm(far);
      return storage.getAlarm();
    });
    const ranEarly = await eventually(() => object.handlerRuns.length > 0);
    const afterRun = await object.event((storage) => storage.getAlarm());
    // Control: getAlarm() answered the replacing time, so the replacement itself was accepted.
    return { present: replaced === far && ranEarly && Date.now() < far, replacedTime: near, replacingTime: far, getAlarmAfterReplacing: replaced, handlerRanBeforeReplacingTime: ranEarly, getAlarmAfterRun: afterRun };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
