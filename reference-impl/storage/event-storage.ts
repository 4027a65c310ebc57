// Storage as seen from outside the object: each call is delivered to the object as one event
// (through the input gate, its result held by the output gate), as a remote runtime would do.
// The SQL API is not offered here: a cursor is synchronous, so SQL runs inside the object (a scenario).

import type { ListOptions, ObjectStorage, StorageOperationOptions, StorageTransaction } from '../../contract/storage.js';

/**
 * ctx.storage as the runtime offers it: the contract's, whose point-in-time recovery methods are
 * always there (the key-value backend answers them as a local-development runtime does).
 */
export type RuntimeStorage = ObjectStorage & Required<Pick<ObjectStorage, 'getCurrentBookmark' | 'getBookmarkForTime' | 'onNextSessionRestoreBookmark'>>;

/** One event delivered to the object: code that runs inside it, given the event's ctx.storage. */
export type ObjectEvent<T> = (storage: RuntimeStorage) => T | Promise<T>;

type Deliver = <T>(event: ObjectEvent<T>) => Promise<T>;

export class EventStorage implements RuntimeStorage {
  constructor(private readonly deliver: Deliver) {}

  get(...args: unknown[]): Promise<any> {
    return this.call('get', args);
  }

  put(...args: unknown[]): Promise<void> {
    return this.call('put', args) as Promise<void>;
  }

  delete(...args: unknown[]): Promise<any> {
    return this.call('delete', args);
  }

  list(options?: ListOptions): Promise<Map<string, any>> {
    return this.deliver((storage) => storage.list(options));
  }

  deleteAll(options?: StorageOperationOptions): Promise<void> {
    return this.deliver((storage) => storage.deleteAll(options));
  }

  transaction<T>(closure: (txn: StorageTransaction) => Promise<T>): Promise<T> {
    return this.deliver((storage) => storage.transaction(closure));
  }

  sync(): Promise<void> {
    return this.deliver((storage) => storage.sync());
  }

  getAlarm(options?: StorageOperationOptions): Promise<number | null> {
    return this.deliver((storage) => storage.getAlarm(options));
  }

  setAlarm(time: number | Date, options?: StorageOperationOptions): Promise<void> {
    return this.deliver((storage) => storage.setAlarm(time, options));
  }

  deleteAlarm(options?: StorageOperationOptions): Promise<void> {
    return this.deliver((storage) => storage.deleteAlarm(options));
  }

  getCurrentBookmark(): Promise<string> {
    return this.deliver((storage) => storage.getCurrentBookmark());
  }

  getBookmarkForTime(timestamp: number | Date): Promise<string> {
    return this.deliver((storage) => storage.getBookmarkForTime(timestamp));
  }

  onNextSessionRestoreBookmark(bookmark: string): Promise<string> {
    return this.deliver((storage) => storage.onNextSessionRestoreBookmark(bookmark));
  }

  private call(method: 'get' | 'put' | 'delete', args: unknown[]): Promise<unknown> {
    return this.deliver((storage) => (storage[method] as (...a: unknown[]) => Promise<unknown>)(...args));
  }
}
