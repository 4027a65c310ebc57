// A complete, minimal storage adapter: specgate's storage suite against an implementation of
// ctx.storage. Here the implementation is a deliberately small in-memory one (key-value only, no
// gates, no alarms); replace `MemoryStorage` with yours. Run it with
//   npx specgate run --suite storage --adapter ./minimal-adapter.ts
import { scenarios } from 'specgate/scenarios';
import type { ListOptions, ObjectStorage, StorageAdapter, StorageTransaction } from 'specgate/storage';

const byUtf8 = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const copy = <T>(value: T): T => structuredClone(value);

class MemoryStorage {
  readonly data = new Map<string, unknown>();

  async get(keyOrKeys: string | string[]): Promise<any> {
    if (!Array.isArray(keyOrKeys)) return copy(this.data.get(keyOrKeys));
    const found = [...keyOrKeys].filter((k) => this.data.has(k)).sort(byUtf8);
    return new Map(found.map((k) => [k, copy(this.data.get(k))]));
  }
  async put(keyOrEntries: string | Record<string, unknown>, value?: unknown): Promise<void> {
    const entries = typeof keyOrEntries === 'string' ? { [keyOrEntries]: value } : keyOrEntries;
    for (const [k, v] of Object.entries(entries)) if (v !== undefined) this.data.set(k, copy(v));
  }
  async delete(keyOrKeys: string | string[]): Promise<any> {
    if (!Array.isArray(keyOrKeys)) return this.data.delete(keyOrKeys);
    return keyOrKeys.filter((k) => this.data.delete(k)).length;
  }
  async deleteAll(): Promise<void> { this.data.clear(); }
  async list(options: ListOptions = {}): Promise<Map<string, any>> {
    let keys = [...this.data.keys()].sort(byUtf8).filter((k) =>
      (options.start === undefined || byUtf8(k, options.start) >= 0)
      && (options.startAfter === undefined || byUtf8(k, options.startAfter) > 0)
      && (options.end === undefined || byUtf8(k, options.end) < 0)
      && k.startsWith(options.prefix ?? ''));
    if (options.reverse) keys.reverse();
    if (options.limit !== undefined) keys = keys.slice(0, options.limit);
    return new Map(keys.map((k) => [k, copy(this.data.get(k))]));
  }
  async transaction<T>(closure: (txn: StorageTransaction) => Promise<T>): Promise<T> {
    const before = new Map(this.data);
    const txn = Object.assign(Object.create(this), { rollback: () => { this.data.clear(); before.forEach((v, k) => this.data.set(k, v)); } });
    try { return await closure(txn); } catch (error) { txn.rollback(); throw error; }
  }
  async sync(): Promise<void> {}
  async getAlarm(): Promise<number | null> { throw new Error('alarms are not supported'); }
  async setAlarm(): Promise<void> { throw new Error('alarms are not supported'); }
  async deleteAlarm(): Promise<void> { throw new Error('alarms are not supported'); }
}

const adapter: StorageAdapter = {
  name: 'minimal-memory',
  supports: { kv: true, alarms: false, clock: false, faults: false, restart: false, sql: false, pitr: false },
  async create() {
    const storage = new MemoryStorage() as unknown as ObjectStorage;
    return {
      storage,
      run: async (scenario, args) => (scenarios as Record<string, (s: ObjectStorage, a: unknown) => Promise<any>>)[scenario]!(storage, args),
      restart: async () => { throw new Error('restart is not supported'); },
      destroy: async () => {},
    };
  },
};
export default adapter;
