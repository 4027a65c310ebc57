// Violates: "sync | none | Promise | Resolves when all pending writes (including allowUnconfirmed
// ones) are on disk; already resolved when none pending".
// Misreading: sync() is the confirmation the held writes would have given, so it waits for the
// writes made without allowUnconfirmed; when only unconfirmed writes are pending it resolves at once.
import type { ObjectInstance } from '../../../reference-impl/storage/instance.js';
import { blindVariant, override, type VariantContext } from './support.js';

/** The flushes of the confirmed writes made on the current instance. */
function confirmedFlushes(context: VariantContext): Promise<void>[] {
  const instance: ObjectInstance = context.internals.instance;
  if (context.state.instance !== instance) {
    context.state.instance = instance;
    context.state.confirmed = [];
  }
  return context.state.confirmed as Promise<void>[];
}

export default blindVariant('sync-skips-unconfirmed', {
  backend: 'kv',
  view: (storage, context) => {
    /** Runs a write; a confirmed one's flush is remembered for sync(). */
    const noting = (write: () => Promise<unknown>, options: any) => {
      const result = write();
      if (options?.allowUnconfirmed !== true) {
        const flush = context.internals.instance.buffer.whenFlushed();
        flush.catch(() => {});
        confirmedFlushes(context).push(flush);
      }
      return result;
    };
    return override(storage, {
      put: (first: any, second?: any, third?: any) => noting(() => storage.put(first, second, third), typeof first === 'string' ? third : second),
      delete: (keys: any, options?: any) => noting(() => storage.delete(keys, options), options),
      deleteAll: (options?: any) => noting(() => storage.deleteAll(options), options),
      setAlarm: (time: any, options?: any) => noting(() => storage.setAlarm(time, options), options),
      deleteAlarm: (options?: any) => noting(() => storage.deleteAlarm(options), options),
      sync: () => {
        const flushes = confirmedFlushes(context).splice(0);
        return Promise.all(flushes).then(() => undefined);
      },
    });
  },
});
