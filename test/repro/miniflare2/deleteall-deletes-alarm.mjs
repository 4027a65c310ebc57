// deleteAll() deletes the alarm: getAlarm() is null afterwards (Miniflare 2 keeps the alarm as a
// key of the object's own storage, which deleteAll() lists and deletes), yet the handler still
// runs at the alarm time (the alarm store's timer is left in place).
// Document, States and transitions: "deleteAll does not delete alarms; deleteAlarm does";
// Endpoints > deleteAll: "alarms untouched".
import { createObject, eventually, runAsScript } from './harness.mjs';

export async function reproduce() {
  const object = await createObject();
  try {
    const time = Date.now() + 50;
    const { before, after } = await object.event(async (storage) => {
      await storage.put('data', 1);
      await storage.setAlarm(time);
      const before = await storage.getAlarm();
      await storage.deleteAll();
      return { before, after: await storage.getAlarm() };
    });
    const handlerRan = await eventually(() => object.handlerRuns.length > 0);
    // Control: the same getAlarm() saw the alarm before deleteAll().
    return { present: before === time && after === null, set: time, getAlarmBeforeDeleteAll: before, getAlarmAfterDeleteAll: after, handlerRanAnyway: handlerRan };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
