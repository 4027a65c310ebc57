// Violates: "delete | key: string, options? | Promise<boolean> | true if the key existed" with
// "Each stateful object instance has private, transactional, strongly consistent storage" and
// "Resolves when all pending writes (including allowUnconfirmed ones) are on disk" (sync): a
// delete is a write like a put, and it is persisted.
// Misreading: a delete removes the key from the object's memory (a tombstone in the cache) but is
// not a write of its own to persist; after a restart, a key deleted with delete() is back with
// the value it had.
import { blindVariant, override } from './support.js';

type Deleted = Map<string, Buffer>;
const deletedOf = (state: Record<string, any>): Deleted => (state.deleted ??= new Map());

export default blindVariant('r5-delete-not-durable', {
  backend: 'kv',
  view: (storage, { state }) => {
    const instance = (storage as any).instance;
    const deleted = deletedOf(state);
    return override(storage, {
      delete: (keys: any, options?: any) => {
        const names = Array.isArray(keys) ? keys : [keys];
        const before = names.filter((key) => typeof key === 'string').map((key: string) => [key, instance.buffer.read(key)] as const);
        const result = storage.delete(keys, options);
        void result.then(() => { for (const [key, value] of before) if (value !== undefined && !deleted.has(key)) deleted.set(key, value); }, () => {});
        return result;
      },
      put: (first: any, second?: any, third?: any) => {
        for (const key of typeof first === 'string' ? [first] : Object.keys(first ?? {})) deleted.delete(key);
        return storage.put(first, second, third);
      },
      deleteAll: (options?: any) => { deleted.clear(); return storage.deleteAll(options); },
    });
  },
  object: (object, { state, internals }) => ({
    ...object,
    restart: async () => {
      await object.restart();
      const deleted = deletedOf(state);
      if (deleted.size === 0) return;
      // What was on disk before the deletes is what the restarted object finds.
      internals.instance.store.apply({ clearAll: false, writes: new Map(deleted) });
      deleted.clear();
    },
  }),
});
