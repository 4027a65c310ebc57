// Violates: "onNextSessionRestoreBookmark | ... | returns a bookmark for the moment just before recovery, usable to undo it by a second restore".
// Misreading: "just before recovery" is the moment of the request, so the answer is the current
// bookmark at the call: writes made between the call and the restart are not brought back by the undo.
import { blindVariant, override } from './support.js';

export default blindVariant('pitr-undo-at-request', {
  backend: 'sqlite',
  view: (storage) => override(storage, {
    onNextSessionRestoreBookmark: async (bookmark: any) => {
      const now = await storage.getCurrentBookmark!();
      await storage.onNextSessionRestoreBookmark!(bookmark);
      return now;
    },
  }),
});
