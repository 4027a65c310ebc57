// Violates: "getCurrentBookmark | none | Promise<string> | Bookmark for the present" with "Covers
// the whole SQLite database including data written through put".
// Misreading: a bookmark marks a point of what is on disk; a put() made in the same turn is not
// there yet, so the current bookmark is the one before it, and restoring it loses that put.
import { blindVariant, override } from './support.js';

export default blindVariant('pitr-current-excludes-unflushed', {
  backend: 'sqlite',
  view: (storage, { internals }) => override(storage, {
    getCurrentBookmark: async () => internals.instance.store.pitr!.currentBookmark(),
  }),
});
