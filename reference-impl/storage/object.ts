// The reference object runtime: one stateful object with its persisted store, the instance that
// currently serves it, single-threaded event delivery through the input gate, output-gated
// results, resets after a failed flush, restarts, alarms and a virtual clock.

import { AlarmScheduler } from './alarms.js';
import { VirtualClock } from '../clock.js';
import { EventStorage, type ObjectEvent, type RuntimeStorage } from './event-storage.js';
import { OutputGate } from './gates.js';
import { ObjectInstance, type EventInFlight } from './instance.js';
import { MemoryStore } from './kv-backend.js';
import type { HistoryStats, PersistedStore, WriteBatch } from './persisted-store.js';
import { SqliteStore } from './sqlite-backend.js';
import { StorageFacade } from './storage.js';
import type { AlarmHandler, Scenario } from '../../contract/storage.js';
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
  /** One storage call made from outside the object (EventStorage): no code inside awaits it. */
  fromOutside: boolean;
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
    this.storage = new EventStorage((event) => this.enqueue(event, true));
  }

  /** Delivers one event: it starts once no storage operation is in progress. */
  deliver<T>(event: ObjectEvent<T>): Promise<T> {
    return this.enqueue(event, false);
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
    this.pump();
    this.alarms?.poke();
  }

  private afterFlush(batch: WriteBatch): void {
    if (batch.alarm !== undefined && batch.alarm !== null) this.alarms?.poke();
  }

  private enqueue<T>(event: ObjectEvent<T>, fromOutside: boolean): Promise<T> {
    if (this.destroyed) return Promise.reject(new Error('object destroyed'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ event, fromOutside, resolve: resolve as (value: unknown) => void, reject });
      this.pump();
    });
  }

  /** Starts queued events one at a time, each only while the input gate is open. */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    this.pumpQueue();
  }

  private readonly pumpQueue = (): void => {
    if (this.queue.length === 0 || this.destroyed) {
      this.pumping = false;
      return;
    }
    const instance = this.instance;
    if (!instance.gate.isOpen) {
      // Then re-check: the instance may have been replaced, or the gate locked again.
      void instance.gate.whenOpen().then(this.pumpQueue);
      return;
    }
    this.start(this.queue.shift()!, instance);
    // Let the event run up to its first storage call before considering the next one.
    if (this.queue.length > 0) queueMicrotask(this.pumpQueue);
    else this.pumping = false;
  };

  /** Runs the event; its result is released once the writes it must wait for are flushed. */
  private start(queued: QueuedEvent, instance: ObjectInstance): void {
    const running = new RunningEvent(queued, instance);
    running.run(new StorageFacade(instance, running.outputGate, this.options.alarmHandler !== undefined, queued.fromOutside));
  }

  private assertAlive(): void {
    if (this.destroyed) throw new Error('object destroyed');
  }
}

/**
 * One event from its start to its answer: whichever comes first, its result released by its
 * output gate, or the instance breaking (then the reason). A class rather than closures: an
 * awaited storage call from outside is one event, and its closures were a tenth of its cost.
 */
class RunningEvent implements EventInFlight {
  readonly outputGate = new OutputGate();
  private settled = false;

  constructor(private readonly queued: QueuedEvent, private readonly instance: ObjectInstance) {}

  run(storage: RuntimeStorage): void {
    this.instance.started(this);
    let result: unknown;
    try {
      result = this.queued.event(storage);
    } catch (error) {
      this.fail(error);
      return;
    }
    Promise.resolve(result).then((value) => this.release(value), (error) => this.fail(error));
  }

  fail(error: unknown): void {
    if (this.settle()) this.queued.reject(error);
  }

  private release(value: unknown): void {
    if (this.outputGate.holdsNothing) this.answer(value);
    else this.outputGate.released().then(() => this.answer(value), (error) => this.fail(error));
  }

  private answer(value: unknown): void {
    if (this.settle()) this.queued.resolve(value);
  }

  /** True the first time: the event leaves the instance's events in flight. */
  private settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.instance.done(this);
    return true;
  }
}
