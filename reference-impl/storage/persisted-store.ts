// What a backend keeps "on disk": the state as of the last successful flush.
// A flush applies one WriteBatch atomically: all of it, or (when it throws) none of it.

import type { Entry, KeyRange, RangeWindow } from './key-range.js';
import type { SqlHost } from './sql-api.js';

export interface WriteBatch {
  /** deleteAll(): remove every key before applying `writes` (the alarm stays). */
  clearAll: boolean;
  /** Writes by key; null deletes. */
  writes: Map<string, Buffer | null>;
  /** The alarm time, null to delete it; undefined leaves it as is. */
  alarm?: number | null;
}

export function emptyBatch(): WriteBatch {
  return { clearAll: false, writes: new Map() };
}

export function isEmptyBatch(batch: WriteBatch): boolean {
  return !batch.clearAll && batch.writes.size === 0 && batch.alarm === undefined;
}

export interface PersistedStore {
  readonly faults: FaultSwitch;
  read(key: string): Buffer | undefined;
  /** Entries in `range`, ascending by UTF-8; a store may use `window` to read fewer (see RangeWindow). */
  readRange(range: KeyRange, window?: RangeWindow): Entry[];
  readAlarm(): number | null;
  /** Atomic; throws (having applied nothing) when the write fails. */
  apply(batch: WriteBatch): void;
  /** A restart: drop whatever is held in memory and read the persisted state again (applying a pending restore). */
  reopen(): void;
  close(): void;
  /** The SQL API's access to the database (SQLite backend). */
  readonly sql?: SqlHost;
  /** Point-in-time recovery (SQLite backend). */
  readonly pitr?: PointInTimeRecovery;
}

export interface PointInTimeRecovery {
  currentBookmark(): string;
  /** `time`: ms since epoch, within the last 30 days. */
  bookmarkForTime(time: number): string;
  /** Restore at the next reopen(); answers the bookmark that undoes it. */
  requestRestore(bookmark: string): string;
  stats(): HistoryStats;
}

/** What the history keeps (PitrHistory), to check that it is pruned. */
export interface HistoryStats {
  /** Versions a bookmark can reach (the window's, and the state at its start). */
  versions: number;
  snapshots: number;
  diffPages: number;
  /** Bytes of images, pages and key-value writes kept. */
  bytes: number;
  oldestTime: number | null;
}

/** Fault injection: makes the next apply() fail, as a write that does not reach disk. */
export class FaultSwitch {
  private armed = false;

  arm(): void {
    this.armed = true;
  }

  tripIfArmed(): void {
    if (!this.armed) return;
    this.armed = false;
    throw new Error('injected fault: write failed to reach disk');
  }
}
