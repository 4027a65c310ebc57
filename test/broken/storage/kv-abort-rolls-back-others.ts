// Misreading: one store behind every object, rolled back whole when a transaction aborts: while
// an object's transaction runs, the writes other objects make are undone by its abort (each
// object's keys are still its own otherwise).

import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { ObjectStorage, StorageAdapter, StorageObject } from '../../../contract/storage.js';
import { override } from './wrap.js';

const NAME = 'kv-abort-rolls-back-others';

/** Every live object this adapter made. */
const live = new Set<StorageObject>();

/** Its pairs; an object that no longer answers is forgotten. */
const snapshot = (object: StorageObject) => object.storage.list().then((pairs) => [...pairs.entries()], () => {
  live.delete(object);
  return undefined;
});

async function restore(object: StorageObject, pairs: [string, unknown][] | undefined): Promise<void> {
  if (pairs === undefined) return;
  await object.storage.deleteAll();
  for (let i = 0; i < pairs.length; i += 128) await object.storage.put(Object.fromEntries(pairs.slice(i, i + 128)));
}

const base = referenceAdapter(NAME, 'kv');

const adapter: StorageAdapter = {
  ...base,
  async create() {
    let self: StorageObject | undefined;
    // One reference adapter per object, so that its code knows which object it runs in.
    const own = referenceAdapter(NAME, 'kv', (storage: ObjectStorage) => override(storage, {
      transaction: async (closure) => {
        const others = [...live].filter((object) => object !== self);
        // Alone, the object has nothing else to roll back (and its transaction starts at once).
        if (others.length === 0) return storage.transaction(closure);
        const before = await Promise.all(others.map(snapshot));
        try {
          return await storage.transaction(closure);
        } catch (error) {
          await Promise.all(others.map((other, i) => restore(other, before[i])));
          throw error;
        }
      },
    }));
    const object = await own.create();
    self = object;
    live.add(object);
    const destroy = object.destroy.bind(object);
    return Object.assign(object, {
      destroy: async () => {
        live.delete(object);
        await destroy();
      },
    });
  },
};
export default adapter;
