// Not a misreading: a runtime that delivers an object's events one after another, each only once
// the one before it answered (a runtime without concurrency at all). Nothing holds an event off
// another there, so the specs whose premise is events running together verify nothing: they are
// not verified, never passed (the input gate, a transaction's isolation, single-threaded code).

import { referenceKvAdapter } from '../../../src/adapters/reference.js';
import type { StorageAdapter, StorageObject } from '../../../contract/storage.js';

const adapter: StorageAdapter = {
  ...referenceKvAdapter,
  name: 'cons-events-apart',
  async create(): Promise<StorageObject> {
    const object = await referenceKvAdapter.create();
    let last: Promise<unknown> = Promise.resolve();
    const run = object.run.bind(object);
    return Object.assign(object, {
      run: (name: string, args?: unknown) => {
        const next = last.then(() => run(name, args));
        last = next.catch(() => undefined);
        return next;
      },
    }) as StorageObject;
  },
};
export default adapter;
