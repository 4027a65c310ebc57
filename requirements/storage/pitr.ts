import type { AreaCatalog } from '../model.js';

const S = 'Endpoints > Point-in-time recovery (SQLite backend)';
const BM = 'Resources and their fields > Bookmark';
const REF = 'Storage runtime (workerd)';

const catalog: AreaCatalog = {
  area: 'pitr',
  requirements: [
    { id: 'ST-PITR-SQLITE-BACKEND', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: 'What the service does', text: 'The SQLite backend offers the PITR API (getCurrentBookmark, getBookmarkForTime, onNextSessionRestoreBookmark)' },
    { id: 'ST-PITR-BOOKMARK-STRING', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: BM, text: 'A bookmark is a mostly alphanumeric string marking a point in the object\'s history' },
    { id: 'ST-PITR-BOOKMARK-LEXICAL', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: BM, text: 'Bookmarks are lexically comparable: an earlier point compares less than a later one under plain string comparison' },
    { id: 'ST-PITR-CURRENT-BOOKMARK', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > getCurrentBookmark`, text: 'getCurrentBookmark() resolves to a bookmark for the present' },
    { id: 'ST-PITR-BOOKMARK-FOR-TIME', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > getBookmarkForTime`, text: 'getBookmarkForTime(timestamp) resolves to an approximate bookmark for that time' },
    { id: 'ST-PITR-FOR-TIME-NUMBER-OR-DATE', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > getBookmarkForTime`, text: 'getBookmarkForTime accepts a Date or a number, the number read as milliseconds since the epoch (same bookmark for both)' },
    { id: 'ST-PITR-FOR-TIME-30-DAYS', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: 'Limits > PITR history window', text: 'getBookmarkForTime requires a time within the last 30 days; an older time is refused' },
    { id: 'ST-PITR-RESTORE-NEXT-RESTART', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > onNextSessionRestoreBookmark`, text: 'After onNextSessionRestoreBookmark(bookmark), storage is unchanged until the next restart (ctx.abort()), which restores it to the state at the bookmark' },
    { id: 'ST-PITR-RESTORE-UNDO-BOOKMARK', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: `${S} > onNextSessionRestoreBookmark`, text: 'onNextSessionRestoreBookmark resolves to a bookmark for the moment just before recovery; restoring it undoes the recovery' },
    { id: 'ST-PITR-HISTORY-30-DAYS', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: 'Limits > PITR history window', text: 'History reaches back 30 days: a bookmark of a point within the last 30 days can still be restored, however much was written since' },
    { id: 'ST-PITR-COVERS-KV', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: S, text: 'Recovery covers the whole SQLite database, including data written through put' },
    { id: 'ST-PITR-NOT-LOCAL', area: 'pitr', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: S, text: 'Point-in-time recovery is not supported in local development: a local-development runtime restores nothing at its restart, whatever its PITR methods answer (refusing them is its choice), and keeps working' },
    // Extended (reference-notes)
    { id: 'ST-PITR-BOOKMARK-SHAPE', area: 'pitr', level: 'must', profile: 'extended', document: 'reference-notes.md', section: REF, text: 'A bookmark looks like 0000007b-0000b26e-00001538-0c3e87bb37b3db5cc52eedb93cd3b96b (four dash-separated hex groups of 8, 8, 8 and 32 digits)' },
    { id: 'ST-PITR-RESTORE-ALARM', area: 'pitr', level: 'must', profile: 'extended', document: 'docs/pitr-design.md', section: 'Decisions where the spec is silent > alarm', text: 'The restore brings back the alarm as it was at the bookmark: one set since is gone, one deleted since is set again' },
    { id: 'ST-PITR-LOCAL-THROWS', area: 'pitr', level: 'must', profile: 'extended', document: 'reference-notes.md', section: REF, text: 'A local-development runtime without point-in-time recovery answers as workerd does locally: getCurrentBookmark with a placeholder string, getBookmarkForTime and onNextSessionRestoreBookmark refused with "does not implement point-in-time recovery"' },
  ],
};
export default catalog;
