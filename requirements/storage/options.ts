import type { AreaCatalog } from '../model.js';

const catalog: AreaCatalog = {
  area: 'options',
  requirements: [
    // noCache
    { id: 'ST-OPT-NOCACHE-NO-VISIBLE-EFFECT', area: 'options', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['noCache'] }], text: 'noCache is a hint only: get, list, put, delete and deleteAll accept it and give the same results as without it' },
    { id: 'ST-OPT-NOCACHE-WRITE-BUFFER', area: 'options', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['noCache'] }], text: 'A get issued before a noCache write completes returns the write-buffer copy (the value being written)' },
    // allowConcurrency
    { id: 'ST-OPT-ALLOW-CONCURRENCY', area: 'options', level: 'may', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['allowConcurrency'] }], text: 'get, list and getAlarm accept allowConcurrency: true; concurrent events may then be delivered during the operation, whose result is unchanged' },
    // allowUnconfirmed and sync
    { id: 'ST-OPT-ALLOW-UNCONFIRMED', area: 'options', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'], words: ['allowUnconfirmed'] }], text: 'put, delete, deleteAll, setAlarm and deleteAlarm accept allowUnconfirmed: true; outgoing messages are not held until the write is flushed, and the write takes effect as usual' },
    { id: 'ST-OPT-SYNC-FLUSHES', area: 'options', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['sync'] }], text: 'sync() resolves once all pending writes, including allowUnconfirmed ones, are on disk: they survive a restart of the object that follows' },
    { id: 'ST-OPT-SYNC-NOT-AFTER-FAILED-FLUSH', area: 'options', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['sync'] }, { headings: ['Errors'], words: ['Write fails to reach disk'] }], text: 'sync() does not resolve when a pending write it waits for fails to reach disk (that write is never on disk), also when sync() was called before the write\'s put settled' },
    { id: 'ST-OPT-SYNC-NOTHING-PENDING', area: 'options', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['sync'] }], text: 'sync() with no pending writes resolves at once' },
    // Alarm operations
    { id: 'ST-OPT-ALARM-OPTIONS', area: 'options', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Options'] }], text: 'getAlarm accepts allowConcurrency, and setAlarm and deleteAlarm accept allowUnconfirmed, with the same results as without them' },
  ],
};
export default catalog;
