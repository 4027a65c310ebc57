// Violates: "onNextSessionRestoreBookmark | bookmark: string | Promise<string> | ... returns a bookmark for the moment just before recovery, usable to undo it by a second restore".
// Misreading: the call answers the bookmark it will restore (a confirmation of the request).
import { blindVariant, override } from './support.js';

export default blindVariant('pitr-undo-is-target', {
  backend: 'sqlite',
  view: (storage) => override(storage, {
    onNextSessionRestoreBookmark: async (bookmark: any) => {
      await storage.onNextSessionRestoreBookmark!(bookmark);
      return bookmark;
    },
  }),
});
