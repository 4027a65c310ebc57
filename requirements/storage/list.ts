import type { AreaCatalog } from '../model.js';

const catalog: AreaCatalog = {
  area: 'list',
  requirements: [
    // Order
    { id: 'ST-LIST-ORDER-UTF8', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['list'] }], text: 'list() returns pairs ascending by the UTF-8 encoding of the keys: a character above U+FFFF sorts after one in U+E000..U+FFFF (unlike JavaScript string order)' },
    // Bounds
    { id: 'ST-LIST-START-INCLUSIVE', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['list options', 'start'] }], text: 'start is the first key, inclusive: keys >= start are returned' },
    { id: 'ST-LIST-START-AFTER-EXCLUSIVE', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['list options', 'startAfter'] }], text: 'startAfter starts after the key, exclusive: only keys > startAfter are returned' },
    { id: 'ST-LIST-START-AND-START-AFTER-REFUSED', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['list options', 'startAfter'] }], text: 'list() with both start and startAfter is refused (rejects)' },
    { id: 'ST-LIST-END-EXCLUSIVE', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['list options', 'end'] }], text: 'end is exclusive: only keys < end are returned' },
    { id: 'ST-LIST-PREFIX', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['list options', 'prefix'] }], text: 'prefix returns only the keys beginning with the prefix' },
    { id: 'ST-LIST-REVERSE', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['list options', 'reverse'] }], text: 'reverse: true returns the pairs in descending key order' },
    { id: 'ST-LIST-REVERSE-BOUNDS', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['list options', 'reverse'] }], text: 'With reverse, start stays the smallest returnable key (inclusive) and end the largest considered key (exclusive)' },
    { id: 'ST-LIST-LIMIT', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['list options', 'limit'] }], text: 'limit caps the number of pairs returned: the first limit pairs in ascending order' },
    { id: 'ST-LIST-NO-IMPLICIT-LIMIT', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['list options', 'limit'] }], text: 'Only limit caps the pairs list() returns: without it every pair in range is returned however many (no page of 1,000), and a limit above 1,000 is honoured' },
    { id: 'ST-LIST-REVERSE-LIMIT-HIGH-END', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['list options', 'limit'] }], text: 'With reverse, limit counts from the high end: the limit largest keys in range, descending' },
    // Consequences of the document's definitions (also in reference-notes): core, not conventions.
    { id: 'ST-LIST-END-NOT-AFTER-START-EMPTY', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['list options', 'start', 'startAfter', 'end'] }], text: 'list() with end at or before start (or startAfter) resolves to an empty Map: no key is both at or after start and before end' },
    { id: 'ST-LIST-EMPTY-KEY', area: 'list', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Resources and their fields'], words: ['Key'] }], text: 'The empty string is a key (a string of 0 bytes, within the 2,048-byte limit): it is stored, read back, and listed first (its UTF-8 encoding is the smallest)' },
    // Extended (reference-notes)
    { id: 'ST-LIST-START-AND-START-AFTER-TYPEERROR', area: 'list', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['Storage runtime (workerd)'] }], text: 'list({start, startAfter}) rejects with TypeError "list() cannot be called with both start and startAfter values."' },
    { id: 'ST-LIST-LIMIT-NOT-POSITIVE-TYPEERROR', area: 'list', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['Storage runtime (workerd)'] }], text: 'list() with limit <= 0 rejects with TypeError "List limit must be positive."' },
  ],
};
export default catalog;
