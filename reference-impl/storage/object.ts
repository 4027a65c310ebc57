// The reference object runtime: one stateful object with its persisted store, the instance that
// currently serves it, single-threaded event delivery through the input gate, output-gated
// results, resets after a failed flush, restarts, alarms and a virtual clock.

import { AlarmScheduler } from './alarms.js';
import { VirtualClock } from '../clock.js';
import { EventStorage, type ObjectEvent, type RuntimeStorage } from './event-storage.js';
import { OutputGate } from './gates.js';
import { ObjectInstance } from './instance.js';
import { MemoryStore } from './kv-backend.js';
import type { HistoryStats, PersistedStore, WriteBatch } from './persisted-store.js';
import { SqliteStore } from './sqlite-backend.js';
import { StorageFacade } from './storage.js';
import type { AlarmHandler, Scenario } from '../../src/contract/storage.js';
import { cloneValue } from './values.js';

export interface ObjectRuntimeOptions {
  backend: 'kv' | 'sqlite';
  /** SQLite backend: the database file, so that restart() keeps data; in memory when omitted. */
  sqliteFile?: string;
  /** The object's alarm() handler; without one, setAlarm() throws (as in workerd). */
  alarmHandler?: AlarmHandler;
  /** What run(name, args) can run inside the object. */
  scenarios?: Readonly<Record<string, Scenario>>;
  /** The virtual clock's start, ms since epoch (default: now). */
  startTime?: number;
}

/** What a caller sees when its result was held and the object was reset instead. */
export const RESET_MESSAGE = 'object reset: write failed to reach disk';

interface QueuedEvent {
  event: ObjectEvent<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

export class ObjectRuntime {
  readonly clock: VirtualClock;
  /** Storage from outside: each call is one event. */
  readonly storage: RuntimeStorage;
  private readonly store: PersistedStore;
  private readonly alarms: AlarmScheduler | null;
  private readonly scenarios: Readonly<Record<string, Scenario>>;
  private instance: ObjectInstance;
  private readonly queue: QueuedEvent[] = [];
  private pumping = false;
  private destroyed = false;

  constructor(private readonly options: ObjectRuntimeOptions) {
    this.clock = VirtualClock.frozenAt(options.startTime);
    this.store = options.backend === 'sqlite' ? new SqliteStore(options.sqliteFile, () => this.clock.now()) : new MemoryStore();
    this.scenarios = options.scenarios ?? {};
    this.alarms = options.alarmHandler ? new AlarmScheduler(this, options.alarmHandler) : null;
    this.instance = this.newInstance();
    this.storage = new EventStorage((event) => this.deliver(event));
  }

  /** Delivers one event: it starts once no storage operation is in progress. */
  deliver<T>(event: ObjectEvent<T>): Promise<T> {
    if (this.destroyed) return Promise.reject(new Error('object destroyed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ event, resolve: resolve as (value: unknown) => void, reject });
      void this.pump();
    });
  }

  /** Runs a named scenario inside the object; arguments and result cross by structured clone. */
  run<T = unknown>(name: string, args?: unknown): Promise<T> {
    const scenario = Object.hasOwn(this.scenarios, name) ? this.scenarios[name] : undefined;
    if (!scenario) return Promise.reject(new Error(`unknown scenario: ${name}`));
    const input = cloneValue(args);
    // A scenario's result is what its caller expects of it (the contract's StorageObject.run<T>).
    return this.deliver((storage) => scenario(storage, input) as Promise<T>).then(cloneValue);
  }

  /** Flushes the current write buffer now; throws (and resets the object) when the write fails. */
  flush(): void {
    this.instance.buffer.flush();
  }

  /** The next flush with something to write fails. */
  failNextFlush(): void {
    this.store.faults.arm();
  }

  /** Moves the virtual clock forward, running the alarms that become due on the way. */
  advanceClock(ms: number): Promise<void> {
    if (this.alarms) return this.alarms.advance(ms);
    this.clock.moveTo(this.clock.now() + ms);
    return Promise.resolve();
  }

  /** Drops in-memory state and unflushed writes; keeps what is persisted, the alarm included. */
  restart(): void {
    this.assertAlive();
    this.instance.break(new Error('object restarted'));
    this.store.reopen();
    this.replaceInstance();
  }

  /** What the point-in-time-recovery history keeps (SQLite backend), to check that it is pruned. */
  historyStats(): HistoryStats | undefined {
    return this.store.pitr?.stats();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    const error = new Error('object destroyed');
    this.instance.break(error);
    for (const queued of this.queue.splice(0)) queued.reject(error);
    this.store.close();
  }

  private newInstance(): ObjectInstance {
    const instance: ObjectInstance = new ObjectInstance(this.store, {
      onFlushFailure: (cause) => this.reset(instance, cause),
      onFlushed: (batch) => this.afterFlush(batch),
    });
    return instance;
  }

  /** A write failed: the instance and every result it holds are discarded. */
  private reset(instance: ObjectInstance, cause: unknown): Error {
    const error = new Error(RESET_MESSAGE, { cause });
    instance.break(error);
    if (instance === this.instance && !this.destroyed) this.replaceInstance();
    return error;
  }

  private replaceInstance(): void {
    this.instance = this.newInstance();
    void this.pump();
    this.alarms?.poke();
  }

  private afterFlush(batch: WriteBatch): void {
    if (batch.alarm !== undefined && batch.alarm !== null) this.alarms?.poke();
  }

  /** Starts queued events one at a time, each only while the input gate is open. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0 && !this.destroyed) {
        const instance = this.instance;
        if (!instance.gate.isOpen) {
          await instance.gate.whenOpen();
          continue; // re-check: the instance may have been replaced, or the gate locked again
        }
        this.start(this.queue.shift()!, instance);
        // Let the event run up to its first storage call before considering the next one.
        await Promise.resolve();
      }
    } finally {
      this.pumping = false;
    }
  }

  private start(queued: QueuedEvent, instance: ObjectInstance): void {
    const outputGate = new OutputGate();
    const storage = new StorageFacade(instance, outputGate, this.options.alarmHandler !== undefined);
    const outcome = runEvent(queued.event, storage, outputGate);
    outcome.catch(() => {}); // when the instance breaks first, the race below reports that instead
    Promise.race([outcome, instance.broken]).then(queued.resolve, queued.reject);
  }

  private assertAlive(): void {
    if (this.destroyed) throw new Error('object destroyed');
  }
}

/** The event's result, released only once the writes it must wait for are flushed. */
async function runEvent<T>(event: ObjectEvent<T>, storage: RuntimeStorage, outputGate: OutputGate): Promise<T> {
  const value = await event(storage);
  await outputGate.released();
  return value;
}
