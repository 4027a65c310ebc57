// An alarm handler that fails is not retried: right after the failed run getAlarm() is null and
// nothing is scheduled (Miniflare 2's alarm event deletes the alarm before calling the handler).
// Document, States and transitions: "An alarm counts as set if it has not started, or if it failed
// and its retry has not begun (getAlarm returns its time)".
import { createObject, eventually, runAsScript } from './harness.mjs';

export async function reproduce() {
  const object = await createObject({ alarm: async () => { throw new Error('the handler fails on purpose'); } });
  try {
    await object.event((storage) => storage.setAlarm(Date.now() + 1));
    const ran = await eventually(() => object.handlerRuns.length === 1);
    // The failed alarm event has ended once its handler run is recorded and the event's gates opened.
    await new Promise((resolve) => setImmediate(resolve));
    const afterFailure = await object.event((storage) => storage.getAlarm());
    return { present: ran && object.handlerRuns[0].ok === false && afterFailure === null, handlerRuns: object.handlerRuns, getAlarmAfterFailure: afterFailure };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
