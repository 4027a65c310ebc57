// Misreading: "not supported in local development" read as "approximated": a local runtime accepts
// a restore request (answering its placeholder bookmark) and, at the next restart, restores the
// only point it knows, the start of its history: the storage comes back empty.

import type { ObjectStorage, StorageAdapter } from '../../../contract/storage.js';
import { localRuntime } from './wrap.js';

const PLACEHOLDER = '00000000-00000000-00000000-00000000000000000000000000000000';

const requested = new WeakSet<object>();
const base = localRuntime('pitr-local-restores');

export default {
  ...base,
  async create() {
    const object = await base.create();
    const storage = new Proxy(object.storage, {
      get(target, property) {
        if (property === 'onNextSessionRestoreBookmark') return async () => { requested.add(object); return PLACEHOLDER; };
        if (property === 'getBookmarkForTime') return async () => PLACEHOLDER;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    }) as ObjectStorage;
    return {
      storage,
      run: (scenario, args) => object.run(scenario, args),
      restart: async () => {
        await object.restart();
        if (requested.delete(object)) await object.storage.deleteAll();
      },
      ...(object.clock && { clock: object.clock }),
      ...(object.faults && { faults: object.faults }),
      destroy: () => object.destroy(),
    };
  },
} satisfies StorageAdapter;
