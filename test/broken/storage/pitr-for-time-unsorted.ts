// Misreading: getBookmarkForTime() answers an identifier of its own (looked up in a table, shaped
// like a bookmark), not a bookmark of the history: getCurrentBookmark() and the undo bookmarks keep
// their order, but bookmarks for a time compare in no order with them or with each other.

import { createHash } from 'node:crypto';
import { referenceSqliteAdapter } from '../../../src/adapters/reference.js';
import { brokenAdapter } from './wrap.js';

export default brokenAdapter('pitr-for-time-unsorted', (storage) => {
  const real = new Map<string, string>();
  const opaque = (bookmark: string): string => {
    const hex = createHash('sha256').update(bookmark).digest('hex');
    const id = `${hex.slice(0, 8)}-${hex.slice(8, 16)}-${hex.slice(16, 24)}-${hex.slice(24, 56)}`;
    real.set(id, bookmark);
    return id;
  };
  return {
    getBookmarkForTime: async (time: number | Date) => opaque(await storage.getBookmarkForTime!(time)),
    onNextSessionRestoreBookmark: async (bookmark: string) => storage.onNextSessionRestoreBookmark!(real.get(bookmark) ?? bookmark),
  };
}, referenceSqliteAdapter);
