// Misreading: a bookmark only has to name a point, so it is an opaque identifier (here a hash of
// the point, in the bookmark's shape) looked up in a table, and its string order means nothing.

import { createHash } from 'node:crypto';
import { referenceSqliteAdapter } from '../../../src/adapters/reference.js';
import { brokenAdapter } from './wrap.js';

/** Opaque bookmarks, issued per point (the real bookmark without its MAC, so runs repeat). */
function opaqueBookmarks() {
  const real = new Map<string, string>();
  const issue = (bookmark: string): string => {
    const point = bookmark.split('-').slice(0, 3).join('-');
    const hex = createHash('sha256').update(point).digest('hex');
    const opaque = `${hex.slice(0, 8)}-${hex.slice(8, 16)}-${hex.slice(16, 24)}-${hex.slice(24, 56)}`;
    real.set(opaque, bookmark);
    return opaque;
  };
  return { issue, real: (opaque: string) => real.get(opaque) ?? opaque };
}

export default brokenAdapter('pitr-bookmarks-unsorted', (storage) => {
  const bookmarks = opaqueBookmarks();
  return {
    getCurrentBookmark: async () => bookmarks.issue(await storage.getCurrentBookmark!()),
    getBookmarkForTime: async (time: number | Date) => bookmarks.issue(await storage.getBookmarkForTime!(time)),
    onNextSessionRestoreBookmark: async (bookmark: string) => bookmarks.issue(await storage.onNextSessionRestoreBookmark!(bookmarks.real(bookmark))),
  };
}, referenceSqliteAdapter);
