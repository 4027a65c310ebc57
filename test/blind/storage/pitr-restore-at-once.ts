// Violates: "Restore state: after onNextSessionRestoreBookmark(bookmark), the next restart of the object restores storage
// to the state at the bookmark" and "Restore happens at the next restart (call ctx.abort() to restart)".
// Misreading: ctx.abort() is how the object itself restarts, so the runtime restarts the object
// for it: the restore takes effect right after the call, without waiting for a restart.
import { blindVariant, override } from './support.js';

export default blindVariant('pitr-restore-at-once', {
  backend: 'sqlite',
  view: (storage, { runtime }) => override(storage, {
    onNextSessionRestoreBookmark: async (bookmark: any) => {
      const undo = await storage.onNextSessionRestoreBookmark!(bookmark);
      // Once this event has answered.
      setImmediate(() => { try { runtime.restart(); } catch { /* destroyed meanwhile */ } });
      return undo;
    },
  }),
});
