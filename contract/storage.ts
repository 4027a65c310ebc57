// The storage interface and the adapter contract (exported as `specgate/storage`). Part of the
// contract layer: imported by everyone who needs it (the reference runtime, the adapters, the spec
// kit, the suites), importing nothing.
//
// An implementation of the object storage interface plugs into specgate with an adapter: a module
// whose default export is a StorageAdapter. specgate asks it for fresh, isolated objects and runs
// the storage suite against them. Capabilities the adapter does not declare in `supports` make
// the specs that need them "skipped: adapter does not support X", never passed.
//
// Everything whose meaning depends on code running inside the object (transaction closures,
// writes with no intervening await, input and output gates, the alarm handler) is a *scenario*:
// a plain named function of (storage, args) in contract/scenarios.ts. An adapter for a
// remote runtime bundles that module into the object's code and runs scenarios there.

export interface StorageOperationOptions {
  /** get, list, getAlarm: let other events be delivered while the operation is in progress. */
  allowConcurrency?: boolean;
  /** get, list, put, delete, deleteAll: a caching hint only. */
  noCache?: boolean;
  /** put, delete, deleteAll, setAlarm, deleteAlarm: do not hold outgoing messages until flushed. */
  allowUnconfirmed?: boolean;
}

export interface ListOptions extends Pick<StorageOperationOptions, 'allowConcurrency' | 'noCache'> {
  start?: string;
  startAfter?: string;
  end?: string;
  prefix?: string;
  reverse?: boolean;
  limit?: number;
}

/** The operations a transaction closure gets (use it instead of the top-level storage). */
export interface StorageTransaction {
  get<T = unknown>(key: string, options?: StorageOperationOptions): Promise<T | undefined>;
  get<T = unknown>(keys: string[], options?: StorageOperationOptions): Promise<Map<string, T>>;
  put(key: string, value: unknown, options?: StorageOperationOptions): Promise<void>;
  put(entries: Record<string, unknown>, options?: StorageOperationOptions): Promise<void>;
  delete(key: string, options?: StorageOperationOptions): Promise<boolean>;
  delete(keys: string[], options?: StorageOperationOptions): Promise<number>;
  list<T = unknown>(options?: ListOptions): Promise<Map<string, T>>;
  rollback(): void;
}

/** What a SQL query yields per column: INTEGER and REAL as number, TEXT as string, BLOB as ArrayBuffer. */
export type SqlValue = number | string | null | ArrayBuffer;
/** What a `?` placeholder may be bound to. */
export type SqlBinding = number | string | null | ArrayBuffer | ArrayBufferView;
export type SqlRow = Record<string, SqlValue>;

/** cursor.raw(): the same results as arrays of values (in columnNames order), sharing the cursor's position. */
export interface SqlRawIterator extends IterableIterator<SqlValue[]> {
  toArray(): SqlValue[][];
  one(): SqlValue[];
}

/** What sql.exec() returns (spec: SqlStorageCursor). */
export interface SqlStorageCursor extends IterableIterator<SqlRow> {
  toArray(): SqlRow[];
  one(): SqlRow;
  raw(): SqlRawIterator;
  readonly columnNames: string[];
  readonly rowsRead: number;
  readonly rowsWritten: number;
}

/** ctx.storage.sql (SQLite backend only). */
export interface SqlStorage {
  exec(query: string, ...bindings: SqlBinding[]): SqlStorageCursor;
  /** Bytes of the current SQLite database. */
  readonly databaseSize: number;
}

/** `ctx.storage` as code inside the object sees it (spec: object-storage-interface.md). */
export interface ObjectStorage extends Omit<StorageTransaction, 'rollback'> {
  deleteAll(options?: StorageOperationOptions): Promise<void>;
  transaction<T>(closure: (txn: StorageTransaction) => Promise<T>): Promise<T>;
  sync(): Promise<void>;
  getAlarm(options?: StorageOperationOptions): Promise<number | null>;
  setAlarm(time: number | Date, options?: StorageOperationOptions): Promise<void>;
  deleteAlarm(options?: StorageOperationOptions): Promise<void>;
  /** The SQL API: present on the SQLite backend, inside the object (a cursor is synchronous: use a scenario). */
  readonly sql?: SqlStorage;
  /** Point-in-time recovery (SQLite backend). */
  getCurrentBookmark?(): Promise<string>;
  getBookmarkForTime?(timestamp: number | Date): Promise<string>;
  /** Restores at the next restart; answers a bookmark of the moment just before that recovery. */
  onNextSessionRestoreBookmark?(bookmark: string): Promise<string>;
}

/**
 * What an adapter can do, and what each capability means; each spec names the capabilities it
 * needs. The one list: `Capability` and `Supports` derive from it.
 */
export const CAPABILITIES = {
  kv: 'the key-value API (every adapter of this interface has it)',
  alarms: 'alarms, with an alarm handler that runs the suite\'s `alarm` scenario',
  clock: 'read and advance the object\'s time (alarms on virtual time; without it, an adapter with alarms gets the alarm specs in real time)',
  faults: 'make the next flush to disk fail',
  restart: 'restart() keeps what is persisted',
  sql: 'the SQL API (SQLite backend)',
  pitr: 'point-in-time recovery (SQLite backend)',
} as const;

export type Capability = keyof typeof CAPABILITIES;

/** Which capabilities an adapter offers. */
export type Supports = Record<Capability, boolean>;

export interface ClockControl {
  /** The object's current time, ms since epoch. */
  now(): Promise<number>;
  /** Moves time forward; resolves once every alarm that became due has run (or failed). */
  advance(ms: number): Promise<void>;
}

export interface FaultControl {
  /** The next flush of writes to disk fails: the object is reset and its held results are discarded. */
  failNextFlush(): Promise<void>;
}

export interface StorageObject {
  /** The object's storage; for a remote runtime each call is delivered to the object as an event. */
  readonly storage: ObjectStorage;
  /** Delivers one event to the object that runs the named scenario inside it, and returns its result. */
  run<T = unknown>(scenario: string, args?: unknown): Promise<T>;
  /** Drops in-memory state and keeps what is persisted (and applies a pending restore). */
  restart(): Promise<void>;
  readonly clock?: ClockControl;
  readonly faults?: FaultControl;
  destroy(): Promise<void>;
}

export interface StorageAdapter {
  /** Shown in reports: "reference-kv", "workerd", or your implementation's name. */
  name: string;
  supports: Supports;
  /**
   * Why a capability is missing, shown as the reason of the specs that need it (default:
   * "adapter X does not support Y"), e.g. `{ pitr: 'not verified: ... does not implement ...' }`.
   */
  unsupportedReasons?: Partial<Record<Capability, string>>;
  /**
   * Capabilities outside what this implementation is, by the spec's own design (the key-value
   * backend has no SQL API): specs that need them are left out of its run instead of being
   * reported as skipped. Not for capabilities it should have but lacks: those stay "not verified".
   */
  outOfScope?: Capability[];
  /**
   * The implementation is a local-development runtime (workerd under miniflare, for instance), of
   * which the document says "point-in-time recovery: not supported in local development". Only such
   * an adapter, lacking `pitr` without declaring it out of scope, runs the specs of what a local
   * runtime does instead (restores nothing); every other adapter leaves them out of its run.
   */
  localDevelopment?: boolean;
  /**
   * Starts what the objects live in (a runtime process), when the adapter has such a thing.
   * specgate calls it once per test worker (and in the preflight) before any spec, bounded by its
   * start-up limit rather than by any spec's timeout; a failure is reported as a start-up failure.
   * Without it, the first create() may start the runtime (and is then allowed at least a minute).
   */
  start?(): Promise<void>;
  /** A fresh, isolated object with empty storage. */
  create(): Promise<StorageObject>;
  /** Releases what the adapter shares between objects (a runtime process), after the run. */
  close?(): Promise<void>;
}

/** Code run inside the object as a scenario: a plain function of (storage, args) (contract/scenarios.ts). */
export type Scenario = (storage: ObjectStorage, args: any) => Promise<unknown>;

/** The object's alarm handler. */
export type AlarmHandler = (storage: ObjectStorage, info: { now: number }) => Promise<void>;

/** Types an adapter module's default export. */
export function defineAdapter(adapter: StorageAdapter): StorageAdapter {
  return adapter;
}
