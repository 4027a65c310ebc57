import type { AreaCatalog } from '../model.js';

const catalog: AreaCatalog = {
  area: 'transactions',
  requirements: [
    { id: 'ST-TXN-COMMIT', area: 'transactions', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['transaction'] }], text: 'transaction(closure) commits when the closure completes: the promise resolves and all writes made through txn are visible afterwards' },
    { id: 'ST-TXN-ABORT-ON-THROW', area: 'transactions', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['transaction'] }], text: 'When the closure throws (or rejects), the transaction aborts: transaction() rejects and none of the writes made through txn remain' },
    { id: 'ST-TXN-ABORT-HANDLED', area: 'transactions', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['transaction'] }, { headings: ['What the service does'], words: ['Consistency rules', '4'] }, { headings: ['Errors'] }], text: 'An abort is reported by the rejection of transaction() alone: an object that catches it answers its clients as usual (clients receive errors when a write fails, and an aborted transaction writes nothing)' },
    { id: 'ST-TXN-ISOLATED', area: 'transactions', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['transaction'] }, { headings: ['What the service does'], words: ['Consistency rules', '1'] }], text: 'A transaction is one unit, isolated from other events: they see all of its writes once it committed, or none (before it commits, or when it aborts), also while its closure waits on other I/O' },
    { id: 'ST-TXN-OPERATIONS', area: 'transactions', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['transaction'] }], text: 'txn offers get, put, delete and list, behaving as the storage methods inside the transaction (a get sees an earlier put of the same transaction)' },
    { id: 'ST-TXN-ROLLBACK', area: 'transactions', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['transaction'] }], text: 'txn.rollback() takes no parameters, returns nothing, and discards the writes of the transaction' },
    { id: 'ST-TXN-ROLLBACK-THEN-THROWS', area: 'transactions', level: 'must', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Errors'] }], text: 'After txn.rollback(), any further get, put, delete or list on txn fails with an exception' },
    // Extended (reference-notes)
    { id: 'ST-TXN-ROLLBACK-ERROR-MESSAGE', area: 'transactions', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['Storage runtime (workerd)'] }], text: 'An operation after rollback fails with Error "Cannot <op>() on rolled back transaction" (e.g. "Cannot get() on rolled back transaction")' },
    { id: 'ST-TXN-ROLLBACK-TWICE', area: 'transactions', level: 'must', profile: 'extended', document: 'reference-notes.md', section: [{ headings: ['Storage runtime (workerd)'] }], text: 'A second txn.rollback() does nothing (does not throw)' },
    // Not a testable obligation
    { id: 'ST-TXN-EXPLICIT-NOT-NEEDED', area: 'transactions', level: 'may', profile: 'core', document: 'object-storage-interface.md', section: [{ headings: ['Endpoints', 'Key-value operations'], words: ['transaction'] }], text: 'Explicit transactions are no longer needed (the implicit transactions of the consistency rules suffice): advice, not a behaviour', unspecified: true },
  ],
};
export default catalog;
