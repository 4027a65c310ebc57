import type { AreaCatalog } from '../model.js';

const catalog: AreaCatalog = {
  area: 'kv',
  requirements: [
    // What the service does
    { id: 'ST-KV-CTX-STORAGE', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'] }], text: 'ctx.storage offers get, put, delete, deleteAll, list, transaction, sync, getAlarm, setAlarm and deleteAlarm, each returning a promise' },
    { id: 'ST-KV-BOTH-BACKENDS', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'] }], text: 'The KV API is offered on both the default key-value backend and the SQLite backend, with the same results' },
    { id: 'ST-KV-PRIVATE', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'] }], text: 'Each object instance has private storage: a key written by one object is not visible to another object' },
    { id: 'ST-KV-STRONGLY-CONSISTENT', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'] }], text: 'Storage is strongly consistent: a read issued after a write has resolved returns the written value (also from a later request)' },
    { id: 'ST-KV-VALUE-STRUCTURED-CLONE', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Resources and their fields'], words: ['Value'] }], text: 'A value of any type the structured clone algorithm supports (objects, arrays, Map, Set, Date, RegExp, BigInt, ArrayBuffer, typed arrays, nested and cyclic structures) round-trips through put and get' },
    // get
    { id: 'ST-KV-GET-SINGLE', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['get'] }], text: 'get(key) resolves to the value stored under the key' },
    { id: 'ST-KV-GET-MISSING-UNDEFINED', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['get'] }], text: 'get(key) resolves to undefined when the key does not exist' },
    { id: 'ST-KV-GET-BATCH-MAP', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['get'] }], text: 'get(keys[]) resolves to a Map from each existing requested key to its value' },
    { id: 'ST-KV-GET-BATCH-MISSING-OMITTED', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['get'] }], text: 'get(keys[]) omits keys that do not exist from the Map' },
    { id: 'ST-KV-GET-BATCH-SORTED-UTF8', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['get'] }], text: 'The Map of get(keys[]) is sorted ascending by the UTF-8 encoding of the keys, whatever the order of the request' },
    { id: 'ST-KV-GET-EMPTY-BATCH', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['get'] }], text: 'get([]) (a batch of no keys, within the 128) resolves to an empty Map' },
    // put
    { id: 'ST-KV-PUT-SINGLE', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['put'] }], text: 'put(key, value) stores the value under the key, replacing any earlier value' },
    { id: 'ST-KV-PUT-ENTRIES', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['put'] }], text: 'put(entries) stores each key and value of the object' },
    { id: 'ST-KV-PUT-EMPTY-ENTRIES', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['put'] }], text: 'put({}) (entries of no pairs, within the 128) resolves and stores nothing' },
    // delete
    { id: 'ST-KV-DELETE-EXISTING-TRUE', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['delete'] }], text: 'delete(key) removes an existing key and resolves to true' },
    { id: 'ST-KV-DELETE-MISSING-FALSE', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['delete'] }], text: 'delete(key) resolves to false when the key did not exist' },
    { id: 'ST-KV-DELETE-BATCH-COUNT', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['delete'] }], text: 'delete(keys[]) removes the keys and resolves to the number of keys deleted (existing ones only)' },
    { id: 'ST-KV-DELETE-EMPTY-BATCH', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['delete'] }], text: 'delete([]) (a batch of no keys, within the 128) resolves to 0, the number deleted' },
    // deleteAll
    { id: 'ST-KV-DELETEALL', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['deleteAll'] }], text: 'deleteAll() removes all keys: list() is empty afterwards' },
    { id: 'ST-KV-DELETEALL-KEEPS-ALARM', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['States and transitions'] }], text: 'deleteAll() leaves the alarm untouched: getAlarm() still returns its time' },
    { id: 'ST-KV-DELETEALL-PARTIAL-ON-FAILURE', area: 'kv', level: 'may', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Errors'] }], text: 'When deleteAll() fails in flight, only a subset of the keys may have been deleted (the rest remain readable)' },
    // list without options
    { id: 'ST-KV-LIST-ALL', area: 'kv', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['list'] }], text: 'list() without options resolves to a Map of every stored key and value, ascending by key' },
    // Extended (reference-notes)
    { id: 'ST-KV-PUT-UNDEFINED-TYPEERROR', area: 'kv', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['Storage runtime (workerd)'] }], text: 'put(key, undefined) rejects with a TypeError and stores nothing' },
    { id: 'ST-KV-PUT-ENTRIES-UNDEFINED-DROPPED', area: 'kv', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['Storage runtime (workerd)'] }], text: 'Entries whose value is undefined in put(entries) are dropped: those keys are not stored, the others are' },
    // Not shown
    { id: 'ST-KV-AUTH-UNSPECIFIED', area: 'kv', level: 'may', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Authentication'] }], text: 'Authentication for the storage interface: not shown', unspecified: true },
    { id: 'ST-KV-VERSIONING-UNSPECIFIED', area: 'kv', level: 'may', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Versioning'] }], text: 'Versioning of the storage interface: not shown', unspecified: true },
    { id: 'ST-KV-ERROR-TYPES-UNSPECIFIED', area: 'kv', level: 'may', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Errors'] }], text: 'Exception types and messages of the storage interface: not shown', unspecified: true },
  ],
};
export default catalog;
