// Calls issued by one event with no await between them, after a read of a missing key: a list()
// issued after put('A') and before deleteAll() answers nothing (it met the deleteAll issued after
// it), and a get('A') in its place answers undefined; a list() issued before a put('B') lists 'B'.
// Without the first read (the control) each call answers the state the calls before it left.
// Document, What the service does > Consistency rules, 1: "Every method is implicitly one
// transaction: atomic and isolated from all other storage operations" (a call isolated from the
// calls issued after it does not see them).
import { createObject, runAsScript } from './harness.mjs';

export async function reproduce() {
  const object = await createObject();
  try {
    const turn = (readFirst) => object.event(async (storage) => {
      await storage.deleteAll();
      const first = readFirst ? storage.get('a') : Promise.resolve();
      const putting = storage.put('A', 1);
      const listed = storage.list();
      const got = storage.get('A');
      const clearing = storage.deleteAll();
      await Promise.all([first, putting, clearing]);
      return { list: [...(await listed).keys()], get: await got };
    });
    const control = await turn(false);
    const afterRead = await turn(true);
    const seesOwnPut = (answer) => answer.list.length === 1 && answer.get === 1;
    return { present: seesOwnPut(control) && !seesOwnPut(afterRead), withoutTheFirstRead: control, afterAReadOfAMissingKey: afterRead };
  } finally {
    object.dispose();
  }
}

await runAsScript(import.meta.url, reproduce);
