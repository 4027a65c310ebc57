// The reference object runtime for the object storage interface (spec:
// object-storage-interface.md). Self-contained: it imports nothing from src/ or suites/.

export { ObjectRuntime, RESET_MESSAGE, type ObjectRuntimeOptions } from './object.js';
export { compareKeys, MAX_BATCH_SIZE, MAX_KEY_BYTES } from './keys.js';
export { MAX_VALUE_BYTES } from './values.js';
export { HISTORY_WINDOW_MS, type HistoryStats } from './pitr-history.js';
export type { AlarmHandler, ListOptions, OperationOptions, Scenario, SqlApi, StorageApi, TransactionApi } from './types.js';
