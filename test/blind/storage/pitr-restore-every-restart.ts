// Violates: "Restore state: after onNextSessionRestoreBookmark(bookmark), the next restart of the
// object restores storage to the state at the bookmark" and "Restore happens at the next restart".
// Misreading: the requested bookmark is the object's restore point from then on: every restart
// after the request restores it again (until another is requested), so writes made after the
// first restore are lost at the following restart.
import { blindVariant, override } from './support.js';

export default blindVariant('pitr-restore-every-restart', {
  backend: 'sqlite',
  view: (storage, { state }) => override(storage, {
    onNextSessionRestoreBookmark: async (bookmark: string) => {
      const undo = await storage.onNextSessionRestoreBookmark!(bookmark);
      state.requested = bookmark;
      return undo;
    },
  }),
  object: (object, { internals, state }) => ({
    ...object,
    restart: async () => {
      if (state.requested === undefined && state.restorePoint !== undefined) {
        try {
          internals.instance.store.pitr!.requestRestore(state.restorePoint);
        } catch {
          // Out of the window by now: nothing to restore again.
        }
      }
      await object.restart();
      if (state.requested !== undefined) {
        state.restorePoint = state.requested;
        state.requested = undefined;
      }
    },
  }),
});
