// An explicit transaction: its writes stay in its own overlay (its reads see them) and reach the
// write buffer in one piece when the closure resolves. A throw or rollback() discards them.

import type { Entry, KeyRange } from './key-range.js';
import { overlayEntries, widen, type RangeWindow } from './key-range.js';
import { checkOptions, deleteResult, listValues, parseDelete, parsePut, readValues, tombstones } from './kv-ops.js';
import type { ListOptions, StorageOperationOptions, StorageTransaction } from '../../contract/storage.js';
import type { KvReader } from './write-buffer.js';

type Run = <T>(work: () => T) => Promise<T>;

export class Transaction implements StorageTransaction, KvReader {
  private readonly writes = new Map<string, Buffer | null>();
  private state: 'open' | 'rolledBack' | 'finished' = 'open';

  /** `run` performs one operation of the object (checks the instance is alive, answers a promise). */
  constructor(private readonly base: KvReader, private readonly run: Run) {}

  get isRolledBack(): boolean {
    return this.state === 'rolledBack';
  }

  get pendingWrites(): ReadonlyMap<string, Buffer | null> {
    return this.writes;
  }

  read(key: string): Buffer | undefined {
    return this.writes.has(key) ? this.writes.get(key) ?? undefined : this.base.read(key);
  }

  readRange(range: KeyRange, window?: RangeWindow): Entry[] {
    return overlayEntries(this.base.readRange(range, widen(window, this.writes.size)), this.writes, range);
  }

  get(keyOrKeys: string | string[], options?: StorageOperationOptions): Promise<any> {
    return this.operation('get', () => {
      checkOptions('get', options);
      return readValues(this, keyOrKeys);
    });
  }

  put(first: string | Record<string, unknown>, second?: unknown, third?: StorageOperationOptions): Promise<void> {
    return this.operation('put', () => {
      const { writes, options } = parsePut(first, second, third);
      checkOptions('put', options);
      for (const [key, value] of writes) this.writes.set(key, value);
    });
  }

  delete(keyOrKeys: string | string[], options?: StorageOperationOptions): Promise<any> {
    return this.operation('delete', () => {
      checkOptions('delete', options);
      const parsed = parseDelete(keyOrKeys);
      const result = deleteResult(this, parsed);
      for (const [key] of tombstones(parsed.keys)) this.writes.set(key, null);
      return result;
    });
  }

  list(options?: ListOptions): Promise<Map<string, any>> {
    return this.operation('list', () => listValues(this, options));
  }

  /** Aborts the transaction; a second call does nothing. */
  rollback(): void {
    if (this.state === 'open') this.state = 'rolledBack';
  }

  /** The closure is done: later use of this txn is an error. */
  finish(): void {
    if (this.state === 'open') this.state = 'finished';
  }

  private operation<T>(method: string, work: () => T): Promise<T> {
    if (this.state === 'rolledBack') return Promise.reject(new Error(`Cannot ${method}() on rolled back transaction`));
    if (this.state === 'finished') {
      return Promise.reject(new Error(`Cannot ${method}() on a transaction that has already completed`));
    }
    return this.run(work);
  }
}
