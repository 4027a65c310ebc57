// The miniflare2 adapter: the storage suite against Miniflare 2 (npm @miniflare/durable-objects,
// @miniflare/storage-memory and @miniflare/shared, 2.14.4), a pure-JavaScript implementation of
// the key-value backend written independently of specgate. docs/adapters/miniflare2.md says in
// full which behaviour is Miniflare 2's and which is the adapter's; in short:
//
// Miniflare 2's (its code, called unchanged):
// - ctx.storage: DurableObjectStorage (values, limits, list, transactions, the shadow copy of
//   unflushed writes and its flush, sync(), getAlarm/setAlarm/deleteAlarm) over a MemoryStorage;
// - the gates: every event goes through DurableObjectState's own delivery (kFetch for a storage
//   call or a scenario, kAlarm for an alarm), i.e. its OutputGate around its InputGate, inside a
//   RequestContext as its stub and its alarm plugin create one;
// - the alarm scheduler: AlarmStore (when a timer is set, the 30-second look-ahead, what an alarm
//   event does: delete the alarm, then call the handler; no retry).
//
// The adapter's (what Miniflare 2 lacks, kept thin):
// - virtual time (virtual-time.ts): AlarmStore's Date.now/setTimeout/clearTimeout point at a
//   virtual clock while its code runs; clock.advance() fires its timers in time order, each alarm
//   event run to its end before time goes on; a timer set already due fires on the next turn of
//   the event loop without the clock moving;
// - a failing flush (flush-faults.ts): the next write from DurableObjectStorage to its
//   MemoryStorage rejects, once;
// - restart() (Miniflare 2 has none): a new DurableObjectStorage, DurableObjectState and object
//   instance over the same MemoryStorage (unflushed writes are lost, flushed ones kept) and the
//   same AlarmStore;
// - what glues them: one AlarmStore and one MemoryStorage per object (Miniflare 2 shares them per
//   Miniflare instance), call arguments copied (structured clone) when the call is made, and an
//   alarm handler's failure caught (Miniflare 2's plugin leaves it an unhandled rejection).

import { randomBytes } from 'node:crypto';
import { AlarmStore, DurableObjectId, DurableObjectState, DurableObjectStorage } from '@miniflare/durable-objects';
import { RequestContext } from '@miniflare/shared';
import type { StorageFactory } from '@miniflare/shared';
import { MemoryStorage } from '@miniflare/storage-memory';
import type { Capability, ClockControl, FaultControl, ObjectStorage, StorageAdapter, StorageObject, Supports } from '../../../contract/storage.js';
import { FlushFaults } from './flush-faults.js';
import { SpecgateObject, STORAGE_METHODS } from './object.js';
import type { Command, StorageMethod } from './object.js';
import { VirtualTime } from './virtual-time.js';

const CLASS_NAME = 'SpecgateObject';
/** Guards advance() against a handler that keeps setting alarms that are already due. */
const MAX_TIMERS_PER_ADVANCE = 1_000_000;

export const supports: Supports = {
  kv: true,
  alarms: true,
  // Virtual time, a failing flush and restart() are the adapter's (see above).
  clock: true,
  faults: true,
  restart: true,
  sql: false,
  pitr: false,
};

/**
 * Miniflare 2 implements the key-value backend (DurableObjectStorage over a key-value store; it has
 * no SQLite backend), and the spec gives the SQL API and point-in-time recovery to the SQLite
 * backend only: they are outside what it is, as for reference-kv.
 */
export const outOfScope: Capability[] = ['sql', 'pitr'];

/** Miniflare 2's event delivery methods of DurableObjectState, private symbols of its module. */
function internalSymbol(target: object, description: string): symbol {
  const found = Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === description);
  if (found === undefined) {
    throw new Error(`specgate miniflare2 adapter: @miniflare/durable-objects has no ${description} (the adapter is written against 2.14.4)`);
  }
  return found;
}
const kFetch = internalSymbol(DurableObjectState.prototype, 'kFetch');
const kAlarm = internalSymbol(DurableObjectState.prototype, 'kAlarm');

type Internals = Record<symbol, unknown>;

/** Makes `instance` the object Miniflare 2 delivers the state's events to (its field kInstance). */
function setInstance(state: DurableObjectState, instance: SpecgateObject): void {
  (state as unknown as Internals)[internalSymbol(state, 'kInstance')] = instance;
}

/** Miniflare 2's delivery of a fetch event (carrying `command`) or of an alarm event to the state's object. */
const fetchEvent = (state: DurableObjectState, command: Command): Promise<unknown> =>
  ((state as unknown as Internals)[kFetch] as (request: unknown) => Promise<unknown>).call(state, command);
const alarmEvent = (state: DurableObjectState): Promise<void> =>
  ((state as unknown as Internals)[kAlarm] as () => Promise<void>).call(state);

/** As Miniflare 2's stub (fetch) and alarm plugin do: each event in a request context of its own. */
const inRequestContext = <T>(event: () => T): T =>
  new RequestContext({ requestDepth: 1, pipelineDepth: 1, durableObject: true }).runWith(event);

/** The arguments of a call as the object receives them: copied when the call is made. */
function argumentsOf(method: StorageMethod, args: unknown[]): unknown[] {
  // A transaction's closure is code, not data: it runs inside the event, in this same process.
  if (method === 'transaction') return args;
  return structuredClone(args);
}

/** A miniflare2 object; `alarmFailures` (not part of the contract) holds what failed alarm handlers threw. */
export interface Miniflare2StorageObject extends StorageObject {
  readonly clock: ClockControl;
  readonly faults: FaultControl;
  readonly alarmFailures: readonly unknown[];
}

/** One object: Miniflare 2's state, storage and alarm store, with the adapter's clock, faults and restart. */
class Miniflare2Object implements Miniflare2StorageObject {
  readonly storage: ObjectStorage;
  readonly clock: ClockControl = { now: async () => this.#time.now(), advance: (ms: number) => this.#advance(ms) };
  readonly faults: FaultControl = { failNextFlush: async () => this.#flushFaults.arm() };

  readonly #time = new VirtualTime();
  /** "Disk": what Miniflare 2 flushes to, and what restart() keeps. */
  readonly #flushFaults = new FlushFaults(new MemoryStorage());
  readonly #alarms = new AlarmStore();
  readonly #id = new DurableObjectId(CLASS_NAME, randomBytes(32).toString('hex'));
  readonly #objectKey = `${CLASS_NAME}:${this.#id.toString()}`;
  #state!: DurableObjectState;
  /** Alarm events under way (they never reject: a failing handler is caught). */
  readonly #alarmEvents = new Set<Promise<void>>();
  /** advance() and the firing of due timers, one at a time. */
  #timerWork: Promise<void> = Promise.resolve();
  #destroyed = false;
  /** Errors of alarm handlers (Miniflare 2 does nothing with them; shown with SPECGATE_MINIFLARE2_DEBUG=1). */
  readonly alarmFailures: unknown[] = [];

  private constructor() {
    const call = (method: StorageMethod) => (...args: unknown[]) => this.#deliver({ kind: 'call', method, args: argumentsOf(method, args) });
    this.storage = Object.fromEntries(STORAGE_METHODS.map((method) => [method, call(method)])) as unknown as ObjectStorage;
  }

  static async create(): Promise<Miniflare2StorageObject> {
    const object = new Miniflare2Object();
    await object.#start();
    return object;
  }

  async #start(): Promise<void> {
    // The alarm store keeps its records in a storage of its own, as Miniflare 2's plugin does.
    const alarmRecords: StorageFactory = { storage: () => new MemoryStorage() };
    await this.#alarms.setupStore(alarmRecords);
    // A timer set already due fires soon without advance(), as a real timer would.
    this.#time.onDueTimer = () => setImmediate(() => {
      this.#exclusive(() => this.#fireDue(this.#time.now())).catch((error: unknown) => this.alarmFailures.push(error));
    });
    await this.#time.within(() => this.#alarms.setupAlarms(async () => this.#alarmDue()));
    this.#instantiate();
  }

  /** A new instance over the same persisted storage, as Miniflare 2's plugin builds one (getStorage, getObject). */
  #instantiate(): void {
    const bridge = this.#alarms.buildBridge(this.#objectKey);
    const storage = new DurableObjectStorage(this.#flushFaults.asStorage(), {
      setAlarm: (time) => this.#time.within(() => bridge.setAlarm(time)),
      deleteAlarm: () => this.#time.within(() => bridge.deleteAlarm()),
    });
    const state = new DurableObjectState(this.#id, storage);
    setInstance(state, new SpecgateObject(state, () => this.#time.now()));
    this.#state = state;
  }

  /** One fetch event through Miniflare 2's gates. */
  #deliver(command: Command): Promise<any> {
    if (this.#destroyed) return Promise.reject(new Error('specgate miniflare2 adapter: this object was destroyed'));
    const state = this.#state;
    return inRequestContext(() => fetchEvent(state, command));
  }

  run<T = unknown>(scenario: string, args?: unknown): Promise<T> {
    return this.#deliver({ kind: 'run', scenario, args: structuredClone(args) }) as Promise<T>;
  }

  /**
   * AlarmStore's timer fired (inside VirtualTime.within()): start the alarm event once the
   * synchronous part is over. AlarmStore does not await or handle what this returns.
   */
  #alarmDue(): Promise<void> {
    const event = Promise.resolve().then(() => this.#deliverAlarm());
    this.#alarmEvents.add(event);
    void event.then(() => this.#alarmEvents.delete(event));
    return event;
  }

  /** One alarm event through Miniflare 2's gates (kAlarm: deleteAlarm(), then the handler). */
  async #deliverAlarm(): Promise<void> {
    if (this.#destroyed) return;
    const state = this.#state;
    try {
      await inRequestContext(() => alarmEvent(state));
    } catch (error) {
      this.alarmFailures.push(error);
      if (process.env.SPECGATE_MINIFLARE2_DEBUG === '1') console.error('specgate miniflare2 adapter: the alarm handler failed:', error);
    }
  }

  async #settleAlarmEvents(): Promise<void> {
    while (this.#alarmEvents.size > 0) await Promise.all(this.#alarmEvents);
  }

  /** Fires AlarmStore's timers due at or before `time`, in order, each alarm event run to its end. */
  async #fireDue(time: number): Promise<void> {
    for (let fired = 0; fired < MAX_TIMERS_PER_ADVANCE; fired++) {
      await this.#settleAlarmEvents();
      if (this.#destroyed) return;
      const timer = this.#time.nextDue(time);
      if (timer === undefined) return;
      this.#time.fire(timer);
    }
    throw new Error(`specgate miniflare2 adapter: more than ${MAX_TIMERS_PER_ADVANCE} timers came due in one advance`);
  }

  #advance(ms: number): Promise<void> {
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      return Promise.reject(new TypeError(`advance() expects a non-negative number of milliseconds, got ${String(ms)}.`));
    }
    return this.#exclusive(async () => {
      const target = this.#time.now() + ms;
      await this.#fireDue(target);
      this.#time.moveTo(target);
    });
  }

  #exclusive(work: () => Promise<void>): Promise<void> {
    const done = this.#timerWork.then(work);
    this.#timerWork = done.catch(() => {});
    return done;
  }

  async restart(): Promise<void> {
    if (this.#destroyed) throw new Error('specgate miniflare2 adapter: this object was destroyed');
    this.#instantiate();
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    this.#destroyed = true;
    this.#time.within(() => this.#alarms.dispose());
    this.#time.clear();
  }
}

export const miniflare2Adapter = {
  name: 'miniflare2',
  supports,
  outOfScope,
  create: (): Promise<Miniflare2StorageObject> => Miniflare2Object.create(),
} satisfies StorageAdapter;
export default miniflare2Adapter;
