// Violates: "Point-in-time recovery ... Covers the whole SQLite database including data written through put."
// Misreading: point-in-time recovery is a feature of the SQL API: a restore brings the SQL
// tables back, and the key-value data stays as it is.
import { blindVariant, override } from './support.js';

export default blindVariant('pitr-kv-not-restored', {
  backend: 'sqlite',
  view: (storage, { state }) => override(storage, {
    onNextSessionRestoreBookmark: async (bookmark: any) => {
      const undo = await storage.onNextSessionRestoreBookmark!(bookmark);
      state.restorePending = true;
      return undo;
    },
  }),
  object: (object, { state }) => ({
    ...object,
    restart: async () => {
      if (!state.restorePending) return object.restart();
      state.restorePending = false;
      // The key-value pairs as they are now, put back over what the restore brought.
      const pairs = [...(await object.storage.list())];
      await object.restart();
      await object.storage.deleteAll();
      for (let i = 0; i < pairs.length; i += 128) await object.storage.put(Object.fromEntries(pairs.slice(i, i + 128)));
    },
  }),
});
