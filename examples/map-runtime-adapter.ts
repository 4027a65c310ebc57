// A storage adapter for a small runtime whose objects keep their data in Maps: the worked example
// of docs/guide-storage-adapters.md, written from that guide and the README alone. The runtime
// (MapRuntime) is the "implementation under test"; the adapter below it is what specgate needs.
// Run it with
//   npx specgate run --suite storage --adapter ./examples/map-runtime-adapter.ts
import { serialize } from 'node:v8';
import { scenarios } from 'specgate/scenarios';
import type { ListOptions, ObjectStorage, StorageAdapter, StorageTransaction } from 'specgate/storage';

// ---- The runtime under test ---------------------------------------------------------------------

const MAX_KEY_BYTES = 2048;
const MAX_VALUE_BYTES = 128 * 1024;
const MAX_BATCH = 128;

/** Keys sort by their UTF-8 bytes, as the document says (not by UTF-16 code units, as `<` does). */
const byUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const copy = <T>(value: T): T => structuredClone(value);

function checkKey(key: string): void {
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw new RangeError(`key of ${Buffer.byteLength(key)} bytes: at most ${MAX_KEY_BYTES}`);
}
function checkValue(value: unknown): void {
  const size = serialize(value).length;
  if (size > MAX_VALUE_BYTES) throw new RangeError(`value of ${size} bytes: at most ${MAX_VALUE_BYTES}`);
}
function checkBatch(count: number): void {
  if (count > MAX_BATCH) throw new RangeError(`${count} keys in one call: at most ${MAX_BATCH}`);
}

/** One object's storage, over its "disk": a Map that outlives the object's restarts. */
class MapStorage {
  constructor(private readonly disk: Map<string, unknown>) {}

  async get(keyOrKeys: string | string[]): Promise<any> {
    if (!Array.isArray(keyOrKeys)) {
      checkKey(keyOrKeys);
      return copy(this.disk.get(keyOrKeys));
    }
    checkBatch(keyOrKeys.length);
    keyOrKeys.forEach(checkKey);
    const found = [...new Set(keyOrKeys)].filter((k) => this.disk.has(k)).sort(byUtf8);
    return new Map(found.map((k) => [k, copy(this.disk.get(k))]));
  }

  async put(keyOrEntries: string | Record<string, unknown>, value?: unknown): Promise<void> {
    const entries = typeof keyOrEntries === 'string' ? { [keyOrEntries]: value } : keyOrEntries;
    if (typeof keyOrEntries === 'string' && value === undefined) throw new TypeError('put() needs a value');
    const pairs = Object.entries(entries);
    if (typeof keyOrEntries !== 'string') checkBatch(pairs.length);
    // Checked whole before anything is written: a refused call writes nothing.
    for (const [k, v] of pairs) { checkKey(k); checkValue(v); }
    for (const [k, v] of pairs) if (v !== undefined) this.disk.set(k, copy(v));
  }

  async delete(keyOrKeys: string | string[]): Promise<any> {
    if (!Array.isArray(keyOrKeys)) {
      checkKey(keyOrKeys);
      return this.disk.delete(keyOrKeys);
    }
    checkBatch(keyOrKeys.length);
    keyOrKeys.forEach(checkKey);
    return keyOrKeys.filter((k) => this.disk.delete(k)).length;
  }

  async deleteAll(): Promise<void> { this.disk.clear(); }

  async list(options: ListOptions = {}): Promise<Map<string, any>> {
    if (options.start !== undefined && options.startAfter !== undefined) throw new TypeError('start and startAfter cannot both be given');
    if (options.limit !== undefined && !(options.limit > 0)) throw new TypeError('limit must be positive');
    let keys = [...this.disk.keys()].sort(byUtf8).filter((k) =>
      (options.start === undefined || byUtf8(k, options.start) >= 0)
      && (options.startAfter === undefined || byUtf8(k, options.startAfter) > 0)
      && (options.end === undefined || byUtf8(k, options.end) < 0)
      && k.startsWith(options.prefix ?? ''));
    if (options.reverse) keys.reverse();
    if (options.limit !== undefined) keys = keys.slice(0, options.limit);
    return new Map(keys.map((k) => [k, copy(this.disk.get(k))]));
  }

  async transaction<T>(closure: (txn: StorageTransaction) => Promise<T>): Promise<T> {
    const before = new Map(this.disk);
    let rolledBack = false;
    const restore = () => { this.disk.clear(); before.forEach((v, k) => this.disk.set(k, v)); };
    // After rollback() the transaction is over: its operations fail (the document's rule).
    const live = <A extends unknown[], R>(op: string, call: (...args: A) => Promise<R>) => async (...args: A) => {
      if (rolledBack) throw new Error(`Cannot ${op}() on rolled back transaction`);
      return call(...args);
    };
    const txn = {
      get: live('get', (k: any) => this.get(k)),
      put: live('put', (k: any, v?: any) => this.put(k, v)),
      delete: live('delete', (k: any) => this.delete(k)),
      list: live('list', (o?: ListOptions) => this.list(o)),
      rollback: () => { rolledBack = true; restore(); },
    } as unknown as StorageTransaction;
    try {
      const result = await closure(txn);
      if (rolledBack) restore();
      return result;
    } catch (error) {
      restore();
      throw error;
    }
  }

  async sync(): Promise<void> {}
  async getAlarm(): Promise<number | null> { throw new Error('this runtime has no alarms'); }
  async setAlarm(): Promise<void> { throw new Error('this runtime has no alarms'); }
  async deleteAlarm(): Promise<void> { throw new Error('this runtime has no alarms'); }
}

/**
 * The runtime: objects by id, each with a disk that survives its restarts, and each delivering its
 * events one at a time (the next starts when the one before has settled). That is the simplest
 * input gate there is: no other event of the object runs while one awaits, so a read-then-write
 * loses no update, and a transaction's closure is never interleaved with another event.
 */
class MapRuntime {
  private readonly disks = new Map<string, Map<string, unknown>>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private next = 0;

  /** Runs `event` once every earlier event of object `id` has settled. */
  deliver<T>(id: string, event: () => Promise<T>): Promise<T> {
    const result = (this.queues.get(id) ?? Promise.resolve()).then(event, event);
    this.queues.set(id, result.catch(() => {}));
    return result;
  }

  newObject(): string {
    const id = `object-${++this.next}`;
    this.disks.set(id, new Map());
    return id;
  }
  /** A fresh instance of the object: what it kept on disk, nothing of what it had in memory. */
  open(id: string): MapStorage { return new MapStorage(this.disks.get(id)!); }
  drop(id: string): void { this.disks.delete(id); this.queues.delete(id); }
}

// ---- The adapter: what specgate needs of the runtime --------------------------------------------

const runtime = new MapRuntime();
const runScenario = scenarios as Record<string, (storage: ObjectStorage, args: unknown) => Promise<unknown>>;

const adapter: StorageAdapter = {
  name: 'map-runtime',
  // Declared truthfully: a spec that needs a capability declared false is reported as skipped with
  // the reason, never as passed.
  supports: { kv: true, alarms: false, clock: false, faults: false, restart: true, sql: false, pitr: false },
  unsupportedReasons: { alarms: 'the Map runtime has no alarms' },
  // The Map runtime is a key-value runtime: SQL and point-in-time recovery are not what it is.
  outOfScope: ['sql', 'pitr'],
  async create() {
    const id = runtime.newObject();
    let storage = runtime.open(id) as unknown as ObjectStorage;
    return {
      get storage() { return storage; },
      run: async (scenario, args) => {
        const body = runScenario[scenario];
        if (!body) throw new Error(`no scenario ${scenario}`);
        return runtime.deliver(id, () => body(storage, args)) as Promise<any>;
      },
      restart: async () => { storage = runtime.open(id) as unknown as ObjectStorage; },
      destroy: async () => runtime.drop(id),
    };
  },
};

export default adapter;
