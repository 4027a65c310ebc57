// Violates: "Restore state: after onNextSessionRestoreBookmark(bookmark), the next restart of the object restores storage to the state at the bookmark."
// Misreading: a restore is requested once per session: a second request before the restart is
// ignored (answered like the first), and the first bookmark is restored.
import { blindVariant, override } from './support.js';

export default blindVariant('pitr-first-request-wins', {
  backend: 'sqlite',
  view: (storage, { state }) => override(storage, {
    onNextSessionRestoreBookmark: async (bookmark: any) => {
      if (state.requested !== undefined) return state.requested;
      const undo = await storage.onNextSessionRestoreBookmark!(bookmark);
      state.requested = undo;
      return undo;
    },
  }),
  object: (object, { state }) => ({
    ...object,
    restart: async () => {
      await object.restart();
      state.requested = undefined;
    },
  }),
});
