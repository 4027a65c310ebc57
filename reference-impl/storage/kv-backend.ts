// The key-value backend's persisted state, kept in memory. It outlives the object's instances
// (it plays the disk), so a restart or a reset starts over from exactly what was flushed.

import { compareKeys } from './keys.js';
import { inRange, type Entry, type KeyRange } from './key-range.js';
import { FaultSwitch, type PersistedStore, type WriteBatch } from './persisted-store.js';

export class MemoryStore implements PersistedStore {
  readonly faults = new FaultSwitch();
  private readonly data = new Map<string, Buffer>();
  private sortedKeys: string[] | null = null;
  private alarm: number | null = null;

  read(key: string): Buffer | undefined {
    return this.data.get(key);
  }

  readRange(range: KeyRange): Entry[] {
    return this.keysInOrder()
      .filter((key) => inRange(key, range))
      .map((key): Entry => [key, this.data.get(key)!]);
  }

  readAlarm(): number | null {
    return this.alarm;
  }

  apply(batch: WriteBatch): void {
    // Fail before touching anything, so that a failed flush leaves no trace.
    this.faults.tripIfArmed();
    if (batch.clearAll) this.data.clear();
    for (const [key, value] of batch.writes) {
      if (value === null) this.data.delete(key);
      else this.data.set(key, value);
    }
    if (batch.alarm !== undefined) this.alarm = batch.alarm;
    this.sortedKeys = null;
  }

  reopen(): void {
    // Nothing is cached beyond the persisted state itself.
  }

  close(): void {
    this.data.clear();
  }

  private keysInOrder(): string[] {
    this.sortedKeys ??= [...this.data.keys()].sort(compareKeys);
    return this.sortedKeys;
  }
}
