// What the workerd host states in its manifest, shared by the worker (bundled) and the adapter.
import type { Supports } from '../../../contract/storage.js';

export const supports: Supports = {
  kv: true,
  alarms: true,
  clock: false,
  faults: false,
  restart: true,
  // The objects are on the SQLite backend (useSQLite); SQL runs inside them, in scenarios.
  sql: true,
  // Point-in-time recovery exists only in production: the local runtime refuses it.
  pitr: false,
};

export const unsupportedReasons = {
  pitr: 'not verified: workerd does not implement point-in-time recovery locally',
};
