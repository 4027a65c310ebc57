// Violates: "sync | none | Promise | Resolves when all pending writes (including allowUnconfirmed ones) are on disk; already resolved when none pending".
// Misreading: sync() is a barrier for the writes' ordering only; it resolves at once.
import { blindVariant, override } from './support.js';

export default blindVariant('sync-resolves-at-once', {
  backend: 'kv',
  view: (storage) => override(storage, { sync: () => Promise.resolve() }),
});
