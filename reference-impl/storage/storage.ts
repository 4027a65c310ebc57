// `ctx.storage` as one event sees it. Each event gets its own facade, which knows the event's
// output gate (the flushes its result must wait for). Every operation takes effect synchronously
// when called (so calls order like the code that made them) and answers with a promise: a read
// with what it read, a write at once (its flush is the output gate's business, not the caller's).

import { describeValue } from './keys.js';
import { allowsConcurrency, checkOptions, deleteResult, listValues, parseDelete, parsePut, readValues, tombstones } from './kv-ops.js';
import { releaseAfterContinuations, type OutputGate } from './gates.js';
import type { ObjectInstance } from './instance.js';
import { Transaction } from './transaction.js';
import type { PointInTimeRecovery } from './persisted-store.js';
import { SqlApi } from './sql-api.js';
import type { RuntimeStorage } from './event-storage.js';
import type { ListOptions, SqlStorage, StorageOperationOptions, StorageTransaction } from '../../contract/storage.js';

export class StorageFacade implements RuntimeStorage {
  /** ctx.storage.sql (the SQLite backend only), made when an event first asks for it. */
  private sqlApi: SqlStorage | undefined;

  constructor(
    private readonly instance: ObjectInstance,
    private readonly outputGate: OutputGate,
    private readonly hasAlarmHandler: boolean,
    /**
     * The event is one call made from outside the object (EventStorage): no code inside awaits
     * it, so a read need not keep other events out until its caller's continuation ran.
     */
    private readonly fromOutside = false,
  ) {}

  get sql(): SqlStorage | undefined {
    const host = this.instance.store.sql;
    if (host === undefined) return undefined;
    return (this.sqlApi ??= new SqlApi(host, () => this.writeBufferToDatabase()));
  }

  get(keyOrKeys: string | string[], options?: StorageOperationOptions): Promise<any> {
    return this.operation(this.readLocks(options), () => {
      checkOptions('get', options);
      return readValues(this.instance.buffer, keyOrKeys);
    });
  }

  list(options?: ListOptions): Promise<Map<string, any>> {
    return this.operation(this.readLocks(options), () => listValues(this.instance.buffer, options));
  }

  put(first: string | Record<string, unknown>, second?: unknown, third?: StorageOperationOptions): Promise<void> {
    return this.operation(true, () => {
      const { writes, options } = parsePut(first, second, third);
      const checked = checkOptions('put', options);
      this.confirm(this.instance.buffer.write(writes), checked);
    });
  }

  delete(keyOrKeys: string | string[], options?: StorageOperationOptions): Promise<any> {
    return this.operation(true, () => {
      const checked = checkOptions('delete', options);
      const parsed = parseDelete(keyOrKeys);
      const result = deleteResult(this.instance.buffer, parsed);
      this.confirm(this.instance.buffer.write(tombstones(parsed.keys)), checked);
      return result;
    });
  }

  deleteAll(options?: StorageOperationOptions): Promise<void> {
    return this.operation(true, () => {
      const checked = checkOptions('deleteAll', options);
      this.confirm(this.instance.buffer.clearAll(), checked);
    });
  }

  /**
   * The closure runs as one storage operation: no other event is delivered until it is done, and
   * the events already in flight wait for it (their storage operations, another transaction()
   * included, run once it committed or aborted).
   */
  transaction<T>(closure: (txn: StorageTransaction) => Promise<T>): Promise<T> {
    if (typeof closure !== 'function') return Promise.reject(new TypeError(`transaction() expects a function, got ${describeValue(closure)}.`));
    const lock = this.instance.transactions;
    if (lock.heldAgainst(this)) return new Promise<T>((resolve) => lock.whenReleased(() => resolve(this.transaction(closure))));
    return this.runTransaction(closure);
  }

  private async runTransaction<T>(closure: (txn: StorageTransaction) => Promise<T>): Promise<T> {
    this.instance.assertUsable();
    const lock = this.instance.transactions;
    lock.acquire(this);
    const release = this.instance.gate.lock();
    const txn = new Transaction(this.instance.buffer, (work) => this.operation(false, work));
    try {
      const value = await closure(txn);
      if (!txn.isRolledBack) this.commit(txn.pendingWrites);
      return value;
    } finally {
      txn.finish();
      lock.release();
      releaseAfterContinuations(release);
    }
  }

  sync(): Promise<void> {
    return this.operation(false, () => this.instance.buffer.whenFlushed());
  }

  getAlarm(options?: StorageOperationOptions): Promise<number | null> {
    return this.operation(this.readLocks(options), () => {
      checkOptions('getAlarm', options);
      return this.instance.buffer.readAlarm();
    });
  }

  setAlarm(time: number | Date, options?: StorageOperationOptions): Promise<void> {
    return this.operation(true, () => {
      if (!this.hasAlarmHandler) {
        throw new TypeError('Your Durable Object class must have an alarm() handler in order to call setAlarm()');
      }
      const checked = checkOptions('setAlarm', options);
      this.confirm(this.instance.buffer.writeAlarm(alarmTime(time)), checked);
    });
  }

  deleteAlarm(options?: StorageOperationOptions): Promise<void> {
    return this.operation(true, () => {
      const checked = checkOptions('deleteAlarm', options);
      this.confirm(this.instance.buffer.writeAlarm(null), checked);
    });
  }

  getCurrentBookmark(): Promise<string> {
    // Without a history, workerd's local runtime answers a placeholder rather than refusing.
    return this.operation(this.readLocks(), () => (this.instance.store.pitr ? this.history().currentBookmark() : PLACEHOLDER_BOOKMARK));
  }

  getBookmarkForTime(timestamp: number | Date): Promise<string> {
    return this.operation(this.readLocks(), () => this.history().bookmarkForTime(timeOf('getBookmarkForTime', timestamp)));
  }

  onNextSessionRestoreBookmark(bookmark: string): Promise<string> {
    return this.operation(true, () => {
      if (typeof bookmark !== 'string') throw new TypeError(`onNextSessionRestoreBookmark() expects a bookmark string, got ${describeValue(bookmark)}.`);
      return this.history().requestRestore(bookmark);
    });
  }

  /** The history, once buffered writes are in the database (a bookmark of now includes them). */
  private history(): PointInTimeRecovery {
    const pitr = this.instance.store.pitr;
    if (!pitr) throw new Error(NO_PITR);
    this.writeBufferToDatabase();
    return pitr;
  }

  /** SQL and bookmarks see the database: what the event wrote through put() must be in it first. */
  private writeBufferToDatabase(): void {
    this.instance.assertUsable();
    this.instance.buffer.flush();
  }

  private commit(writes: ReadonlyMap<string, Buffer | null>): void {
    this.instance.assertUsable();
    if (writes.size > 0) this.outputGate.hold(this.instance.buffer.write(writes));
  }

  /** Holds the event's result until this write is flushed, unless the caller opted out. */
  private confirm(flush: Promise<void>, options: StorageOperationOptions): void {
    if (options.allowUnconfirmed !== true) this.outputGate.hold(flush);
  }

  /**
   * Whether a read locks the input gate: unless it allows concurrency, or its event is a call
   * from outside (nothing inside continues after it, so there is nothing to keep other events
   * from interleaving with; it still starts only while the gate is open). A write from outside
   * does lock: no other event gets in before its flush, whose result would tell of it earlier.
   */
  private readLocks(options?: StorageOperationOptions): boolean {
    return !this.fromOutside && !allowsConcurrency(options);
  }

  /**
   * Runs one storage operation. `gated`: lock the input gate while it is in progress (released
   * only after the caller's continuation ran). Errors become rejections, never synchronous throws.
   * While another event's transaction is open, it waits for that transaction's end.
   */
  private operation<T>(gated: boolean, work: () => T | Promise<T>): Promise<T> {
    const lock = this.instance.transactions;
    if (lock.heldAgainst(this)) return new Promise<T>((resolve) => lock.whenReleased(() => resolve(this.operation(gated, work))));
    try {
      this.instance.assertUsable();
      if (gated) this.instance.gate.lockForTurn();
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error);
    }
  }
}

/** workerd's answers where the backend keeps no history (local development). */
const NO_PITR = "This Durable Object's storage back-end does not implement point-in-time recovery.";
const PLACEHOLDER_BOOKMARK = '00000000-00000000-00000000-00000000000000000000000000000000';

/** setAlarm's time: a Date or ms since epoch, stored as integer ms. */
function alarmTime(time: unknown): number {
  return Math.trunc(timeOf('setAlarm', time));
}

/** A Date, or a number read as milliseconds since the epoch. */
function timeOf(method: string, time: unknown): number {
  const ms = time instanceof Date ? time.getTime() : time;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new TypeError(`${method}() expects a Date or a finite number of milliseconds since the epoch, got ${describeValue(time)}.`);
  }
  return ms;
}
