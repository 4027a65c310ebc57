// setAlarm(t + 0.75) and getAlarm() answers t + 0.75: Miniflare 2 stores the time as given.
// Document, Resources > Alarm and Endpoints > Alarm operations: getAlarm() answers "integer ms since epoch".
import { createObject, runAsScript } from './harness.mjs';

export async function reproduce() {
  const object = await createObject();
  try {
    const time = Date.now() + 24 * 60 * 60 * 1000 + 0.75;
    const answered = await object.event((storage) => storage.setAlarm(time).then(() => storage.getAlarm()));
    return { present: !Number.isInteger(answered), set: time, getAlarm: answered };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
