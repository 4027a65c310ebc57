// The write buffer between an object instance and its persisted store. Writes land here
// synchronously (so reads see them at once, and writes issued with no await between them are
// in the same batch); a flush applies the whole batch to the store as one atomic write. A flush
// is scheduled on the next turn after the first buffered write, and flush() forces one now.

import { overlayEntries, widen, type Entry, type KeyRange, type RangeWindow } from './key-range.js';
import { deferred, type Deferred } from './deferred.js';
import { emptyBatch, isEmptyBatch, type PersistedStore, type WriteBatch } from './persisted-store.js';

export interface FlushHooks {
  /** The store refused a batch: the object must be reset. Returns the error to report. */
  onFlushFailure(cause: unknown): Error;
  onFlushed(batch: WriteBatch): void;
}

/** Reads by key and by range: what the facade and transactions read through. */
export interface KvReader {
  read(key: string): Buffer | undefined;
  /** Ascending; with a window, at least its first `limit` entries in its direction. */
  readRange(range: KeyRange, window?: RangeWindow): Entry[];
}

export class WriteBuffer implements KvReader {
  private batch = emptyBatch();
  /** Settles when the flush that carries `batch` is done; null while nothing is buffered. */
  private nextFlush: Deferred<void> | null = null;
  private discarded = false;

  constructor(private readonly store: PersistedStore, private readonly hooks: FlushHooks) {}

  read(key: string): Buffer | undefined {
    if (this.batch.writes.has(key)) return this.batch.writes.get(key) ?? undefined;
    return this.batch.clearAll ? undefined : this.store.read(key);
  }

  readRange(range: KeyRange, window?: RangeWindow): Entry[] {
    const stored = this.batch.clearAll ? [] : this.store.readRange(range, widen(window, this.batch.writes.size));
    return overlayEntries(stored, this.batch.writes, range);
  }

  readAlarm(): number | null {
    return this.batch.alarm !== undefined ? this.batch.alarm : this.store.readAlarm();
  }

  /** Buffers writes (null deletes); returns the promise of the flush that will carry them. */
  write(changes: ReadonlyMap<string, Buffer | null>): Promise<void> {
    for (const [key, value] of changes) this.batch.writes.set(key, value);
    return this.pending();
  }

  clearAll(): Promise<void> {
    this.batch.writes.clear();
    this.batch.clearAll = true;
    return this.pending();
  }

  writeAlarm(time: number | null): Promise<void> {
    this.batch.alarm = time;
    return this.pending();
  }

  /** Resolves when everything buffered so far is flushed; at once when nothing is. */
  whenFlushed(): Promise<void> {
    return this.nextFlush?.promise ?? Promise.resolve();
  }

  /** Applies the buffered batch to the store now. Throws when the store refuses it. */
  flush(): void {
    if (this.discarded || this.nextFlush === null) return;
    const batch = this.batch;
    const flushed = this.nextFlush;
    this.batch = emptyBatch();
    this.nextFlush = null;
    if (isEmptyBatch(batch)) return flushed.resolve();
    try {
      this.store.apply(batch);
    } catch (cause) {
      const error = this.hooks.onFlushFailure(cause);
      flushed.reject(error);
      throw error;
    }
    flushed.resolve();
    this.hooks.onFlushed(batch);
  }

  /** The instance is gone (reset or restart): nothing buffered will ever be flushed. */
  discard(error: Error): void {
    this.discarded = true;
    this.batch = emptyBatch();
    this.nextFlush?.reject(error);
    this.nextFlush = null;
  }

  private pending(): Promise<void> {
    if (this.discarded) throw new Error('write buffer discarded');
    if (this.nextFlush === null) {
      this.nextFlush = deferred();
      setImmediate(() => this.scheduledFlush());
    }
    return this.nextFlush.promise;
  }

  private scheduledFlush(): void {
    try {
      this.flush();
    } catch {
      // Reported through onFlushFailure, which resets the object.
    }
  }
}
