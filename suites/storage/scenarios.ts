// Code that runs inside the object under test. Each scenario is a plain function of
// (storage, args) and this module imports nothing at run time, so an adapter for a remote runtime
// can bundle it as is (esbuild) and call `scenarios[name](ctx.storage, args)` inside the object.
// Arguments and results cross the boundary by structured clone: keep them plain data.

import type { ObjectStorage, StorageTransaction } from '../../src/storage/contract.js';

/** Where the alarm handler records its runs, and reads how to behave (reserved keys). */
export const ALARM_LOG_KEY = 'specgate:alarm-runs';
export const ALARM_BEHAVIOUR_KEY = 'specgate:alarm-behaviour';

export interface AlarmBehaviour {
  /** Throw on this many runs before succeeding (to exercise retries). */
  failTimes?: number;
}

type Scenario = (storage: ObjectStorage, args: any) => Promise<unknown>;

const errorOf = (error: unknown) => ({ name: (error as Error)?.name, message: (error as Error)?.message });

async function outcome(work: () => unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: { name: string; message: string } }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: errorOf(error) };
  }
}

export const scenarios = {
  /** Consistency rule 3: a read followed by a write with no other I/O behaves as a transaction. */
  async increment(storage, { key }: { key: string }) {
    const value = ((await storage.get<number>(key)) ?? 0) + 1;
    await storage.put(key, value);
    return value;
  },

  /** Consistency rule 2: writes issued with no await between them, submitted together. */
  async putWithoutAwait(storage, { entries }: { entries: Record<string, unknown> }) {
    const writes = Object.entries(entries).map(([key, value]) => storage.put(key, value));
    await Promise.all(writes);
    return Object.keys(entries).length;
  },

  /** Consistency rule 4 with allowUnconfirmed: the result is not held; sync() waits for the flush. */
  async putUnconfirmedThenSync(storage, { key, value }: { key: string; value: unknown }) {
    await storage.put(key, value, { allowUnconfirmed: true });
    await storage.sync();
    return true;
  },

  /** A transaction that commits: its writes all land. */
  async transactionCommit(storage, { entries }: { entries: Record<string, unknown> }) {
    return storage.transaction(async (txn) => {
      for (const [key, value] of Object.entries(entries)) await txn.put(key, value);
      return (await txn.list()).size;
    });
  },

  /** A transaction whose closure throws after writing: nothing it wrote lands. */
  async transactionThrows(storage, { entries }: { entries: Record<string, unknown> }) {
    return outcome(() => storage.transaction(async (txn) => {
      for (const [key, value] of Object.entries(entries)) await txn.put(key, value);
      throw new Error('specgate: abort this transaction');
    }));
  },

  /** rollback() aborts; every later txn operation throws. Returns what each operation did. */
  async transactionRollback(storage, { entries, probeKey }: { entries: Record<string, unknown>; probeKey: string }) {
    const probes: Record<string, Awaited<ReturnType<typeof outcome>>> = {};
    const result = await outcome(() => storage.transaction(async (txn: StorageTransaction) => {
      for (const [key, value] of Object.entries(entries)) await txn.put(key, value);
      txn.rollback();
      probes.get = await outcome(() => txn.get(probeKey));
      probes.put = await outcome(() => txn.put(probeKey, 1));
      probes.delete = await outcome(() => txn.delete(probeKey));
      probes.list = await outcome(() => txn.list());
      probes.rollbackAgain = await outcome(() => txn.rollback());
      return 'closure returned';
    }));
    return { result, probes };
  },

  /** txn.list sees the transaction's own writes, with the list options. */
  async transactionList(storage, { entries, options }: { entries: Record<string, unknown>; options?: Record<string, unknown> }) {
    return storage.transaction(async (txn) => {
      for (const [key, value] of Object.entries(entries)) await txn.put(key, value);
      return [...(await txn.list(options)).keys()];
    });
  },

  /** A storage call that throws inside the object, reported as data (for remote runtimes). */
  async attempt(storage, { method, args }: { method: keyof ObjectStorage; args: unknown[] }) {
    return outcome(() => (storage[method] as (...a: unknown[]) => unknown)(...args));
  },
} satisfies Record<string, Scenario>;

export type ScenarioName = keyof typeof scenarios;

/** The object's alarm handler: records each run, and fails as AlarmBehaviour says. */
export async function alarm(storage: ObjectStorage, info: { now: number }): Promise<void> {
  const runs = ((await storage.get<number[]>(ALARM_LOG_KEY)) ?? []);
  await storage.put(ALARM_LOG_KEY, [...runs, info.now]);
  const behaviour = (await storage.get<AlarmBehaviour>(ALARM_BEHAVIOUR_KEY)) ?? {};
  if ((behaviour.failTimes ?? 0) > 0) {
    await storage.put(ALARM_BEHAVIOUR_KEY, { ...behaviour, failTimes: behaviour.failTimes! - 1 });
    throw new Error('specgate: alarm handler fails on purpose');
  }
}
