// The reference object runtime for the object storage interface (spec:
// object-storage-interface.md). It implements specgate's storage contract (contract/storage.ts,
// the one thing of src/ it imports) and nothing of suites/: scenarios and the alarm handler are given.

export { ObjectRuntime, RESET_MESSAGE, type ObjectRuntimeOptions } from './object.js';
export { compareKeys, MAX_BATCH_SIZE, MAX_KEY_BYTES } from './keys.js';
export { MAX_VALUE_BYTES } from './values.js';
export { HISTORY_WINDOW_MS } from './pitr-history.js';
export { filesOfObject } from './sqlite-backend.js';
export type { HistoryStats } from './persisted-store.js';
export type { RuntimeStorage } from './event-storage.js';
