// The storage interface as code inside an object sees it. This mirrors specgate's contract
// (src/contract/storage.ts) structurally: the runtime must not import from src/, so the adapter
// relies on TypeScript's structural typing to hand these objects over as the contract's types.

export interface OperationOptions {
  allowConcurrency?: boolean;
  noCache?: boolean;
  allowUnconfirmed?: boolean;
}

export interface ListOptions extends Pick<OperationOptions, 'allowConcurrency' | 'noCache'> {
  start?: string;
  startAfter?: string;
  end?: string;
  prefix?: string;
  reverse?: boolean;
  limit?: number;
}

export interface TransactionApi {
  get<T = unknown>(key: string, options?: OperationOptions): Promise<T | undefined>;
  get<T = unknown>(keys: string[], options?: OperationOptions): Promise<Map<string, T>>;
  put(key: string, value: unknown, options?: OperationOptions): Promise<void>;
  put(entries: Record<string, unknown>, options?: OperationOptions): Promise<void>;
  delete(key: string, options?: OperationOptions): Promise<boolean>;
  delete(keys: string[], options?: OperationOptions): Promise<number>;
  list<T = unknown>(options?: ListOptions): Promise<Map<string, T>>;
  rollback(): void;
}

export type SqlValue = number | string | null | ArrayBuffer;
export type SqlBinding = number | string | null | ArrayBuffer | ArrayBufferView;
export type SqlRow = Record<string, SqlValue>;

export interface SqlRawIterator extends IterableIterator<SqlValue[]> {
  toArray(): SqlValue[][];
  one(): SqlValue[];
}

export interface SqlStorageCursorApi extends IterableIterator<SqlRow> {
  toArray(): SqlRow[];
  one(): SqlRow;
  raw(): SqlRawIterator;
  readonly columnNames: string[];
  readonly rowsRead: number;
  readonly rowsWritten: number;
}

/** ctx.storage.sql on the SQLite backend. */
export interface SqlApi {
  exec(query: string, ...bindings: SqlBinding[]): SqlStorageCursorApi;
  readonly databaseSize: number;
}

export interface StorageApi extends Omit<TransactionApi, 'rollback'> {
  deleteAll(options?: OperationOptions): Promise<void>;
  transaction<T>(closure: (txn: TransactionApi) => Promise<T>): Promise<T>;
  sync(): Promise<void>;
  getAlarm(options?: OperationOptions): Promise<number | null>;
  setAlarm(time: number | Date, options?: OperationOptions): Promise<void>;
  deleteAlarm(options?: OperationOptions): Promise<void>;
  /** SQLite backend only. */
  readonly sql?: SqlApi;
  getCurrentBookmark(): Promise<string>;
  getBookmarkForTime(timestamp: number | Date): Promise<string>;
  onNextSessionRestoreBookmark(bookmark: string): Promise<string>;
}

/** The object's alarm handler. */
export type AlarmHandler = (storage: StorageApi, info: { now: number }) => Promise<void> | void;

/** Code run inside the object as a scenario: a plain function of (storage, args). */
export type Scenario = (storage: StorageApi, args: any) => Promise<unknown>;

/** One event delivered to the object. */
export type ObjectEvent<T> = (storage: StorageApi) => T | Promise<T>;
