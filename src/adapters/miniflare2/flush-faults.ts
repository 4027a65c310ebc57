// A failing flush for Miniflare 2: the adapter's, not Miniflare 2's (Miniflare 2 has no fault
// injection).
//
// Miniflare 2's DurableObjectStorage keeps unflushed writes in a shadow copy and flushes them to
// its `inner` storage (here a @miniflare/storage-memory MemoryStorage: what "disk" is for this
// adapter, and what restart() keeps). This wrapper sits between the two and passes every call
// through unchanged, except that once armed, the next write call (put, putMany, delete or
// deleteMany: each flush starts with one) rejects and writes nothing, and the wrapper disarms.
// A flush stops at its first failed write, so the whole flush fails and nothing of it is stored.
// Everything that follows (what the put promise, the output gate, sync() and later reads do) is
// Miniflare 2's own behaviour.

import type { Storage, StorageListOptions, StoredValueMeta } from '@miniflare/shared';
import type { MemoryStorage } from '@miniflare/storage-memory';

export const INJECTED_FLUSH_FAILURE = 'specgate miniflare2 adapter: injected flush failure (faults.failNextFlush)';

/** Passes Miniflare 2's storage calls to the MemoryStorage; fails the next write once armed. */
export class FlushFaults {
  #armed = false;

  constructor(private readonly disk: MemoryStorage) {}

  /** What DurableObjectStorage takes as its `inner` storage (it uses only the methods below). */
  asStorage(): Storage {
    return this as unknown as Storage;
  }

  /** The next write to disk fails. */
  arm(): void {
    this.#armed = true;
  }

  #failIfArmed(): void {
    if (!this.#armed) return;
    this.#armed = false;
    throw new Error(INJECTED_FLUSH_FAILURE);
  }

  // Reads: unchanged (MemoryStorage ignores skipMetadata; passed on all the same).
  has(key: string) { return this.disk.has(key); }
  head(key: string) { return this.disk.head(key); }
  get(key: string, skipMetadata?: boolean) { return this.#disk().get(key, skipMetadata as false); }
  getRange(key: string, range?: { offset?: number; length?: number; suffix?: number }, skipMetadata?: boolean) {
    return this.#disk().getRange(key, range, skipMetadata as false);
  }
  list(options?: StorageListOptions, skipMetadata?: boolean) { return this.#disk().list(options, skipMetadata as false); }
  hasMany(keys: string[]) { return this.disk.hasMany(keys); }
  getMany(keys: string[], skipMetadata?: boolean) { return this.disk.getMany(keys, skipMetadata as false); }

  /** The MemoryStorage as the abstract Storage whose signatures (with skipMetadata) Miniflare 2 calls. */
  #disk(): Storage {
    return this.disk;
  }

  // Writes: the flush. Async, so that a failure is a rejection as a real disk's would be.
  async put(key: string, value: StoredValueMeta) {
    this.#failIfArmed();
    await this.disk.put(key, value);
  }
  async putMany(data: [key: string, value: StoredValueMeta][]) {
    this.#failIfArmed();
    await this.disk.putMany(data);
  }
  async delete(key: string) {
    this.#failIfArmed();
    return this.disk.delete(key);
  }
  async deleteMany(keys: string[]) {
    this.#failIfArmed();
    return this.disk.deleteMany(keys);
  }
}
