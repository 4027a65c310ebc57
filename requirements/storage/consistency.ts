import type { AreaCatalog } from '../model.js';

const catalog: AreaCatalog = {
  area: 'consistency',
  requirements: [
    { id: 'ST-CONS-SINGLE-THREADED', area: 'consistency', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'] }], text: 'Execution of one object is single-threaded: synchronous code of one request never runs concurrently with another; requests interleave only while waiting on I/O' },
    { id: 'ST-CONS-METHOD-ATOMIC', area: 'consistency', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'], words: ['Consistency rules', '1'] }], text: 'Every storage method is one transaction, atomic and isolated also over several keys: a concurrent reader sees all or none of a multi-key put or delete' },
    { id: 'ST-CONS-REFUSED-CALL-WRITES-NOTHING', area: 'consistency', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'], words: ['Consistency rules', '1'] }], text: 'A write call that is refused (a value the structured clone algorithm cannot clone) changes nothing, being one atomic transaction: no pair of a refused put(entries) is stored, and a refused put(key, value) leaves no key' },
    { id: 'ST-CONS-WRITES-COALESCED', area: 'consistency', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'], words: ['Consistency rules', '2'] }], text: 'Writes issued with no intervening await are submitted atomically: they become visible (and durable) all together or not at all' },
    { id: 'ST-CONS-INPUT-GATE', area: 'consistency', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'], words: ['Consistency rules', '3'] }], text: 'While a storage operation is in progress, I/O events are not delivered (without allowConcurrency): a read followed by a write with no other I/O behaves as a transaction (concurrent increments lose no update)' },
    { id: 'ST-CONS-OUTPUT-GATE', area: 'consistency', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'], words: ['Consistency rules', '4'] }], text: 'Outgoing messages, including the response, are held until earlier writes are flushed to disk (without allowUnconfirmed): a client that received the response finds the write durable' },
    { id: 'ST-CONS-WRITE-FAILURE-RESET', area: 'consistency', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['What the service does'], words: ['Consistency rules', '4'] }], text: 'When a write fails to reach disk, the object is reset, pending outgoing messages are discarded and clients receive errors' },
  ],
};
export default catalog;
