// Code that runs inside the object under test. Each scenario is a plain function of
// (storage, args) and this module imports nothing at run time, so an adapter for a remote runtime
// can bundle it as is (esbuild) and call `scenarios[name](ctx.storage, args)` inside the object.
// Arguments and results cross the boundary by structured clone: keep them plain data.

import type { ObjectStorage, Scenario, StorageTransaction } from './storage.js';

/** Where the alarm handler records its runs, and reads how to behave (reserved keys). */
export const ALARM_LOG_KEY = 'specgate:alarm-runs';
export const ALARM_BEHAVIOUR_KEY = 'specgate:alarm-behaviour';

export const ALARM_DONE_KEY = 'specgate:alarm-done';

export interface AlarmBehaviour {
  /** Throw on this many runs before succeeding (to exercise retries). */
  failTimes?: number;
  /**
   * Keep running until this key holds a value (polling it, yielding a timer turn between polls so
   * other events get in), then, once the run succeeds, append its run number (its position in
   * ALARM_LOG_KEY, from 1) under ALARM_DONE_KEY.
   * Shows that a running handler is not cancelled.
   */
  holdUntilKey?: string;
  /** On the next run only: set an alarm this many ms after the run's time first (then fail as failTimes says). */
  setAlarmIn?: number;
  /**
   * With holdUntilKey, in real time (an adapter without a virtual clock): give up after this many
   * ms of the object's own time (Date.now()) rather than after HOLD_POLLS timer turns, which a
   * runtime on real time may pass through faster than a spec on a loaded machine releases it.
   */
  holdForMs?: number;
}

/** How many timer turns a held handler waits for its release before giving up. */
const HOLD_POLLS = 2_000;


/** recordSpans: one log per token, in memory (shared by the events of one object, not persisted). */
const spanLogs: Record<string, string[]> = {};

/**
 * What a scenario saw inside the object, by token, for a later event to read (`recalled`): in
 * memory, not persisted. A spec sees through it what happened inside an event whose answer does
 * not come back (a runtime may fail an event for a reason that is not the spec's subject).
 */
const recordings: Record<string, unknown> = {};
const record = (token: string | undefined, what: unknown) => {
  if (token !== undefined) recordings[token] = what;
};

/**
 * Where an event marks, in memory shared by the object's events, when it started, when its read
 * began, when its write was issued and when it ended (`log` names the log, `id` the event): a spec
 * reads it through `recalled` to know whether its events really interleaved (a premise: events
 * delivered apart verify nothing of what holds concurrent events off each other).
 */
export interface EventLog { log?: string; id?: number }
const mark = ({ log, id }: EventLog, what: 'start' | 'read' | 'write' | 'end') => {
  if (log === undefined) return;
  const marks = (recordings[log] ??= []) as string[];
  marks.push(`${id ?? 0}:${what}`);
};
/** How many timer turns an event that logs waits, after its write, for another event to start. */
const TAIL_TURNS = 8;
/**
 * After its write, an event that logs stays in flight until another event starts (up to
 * TAIL_TURNS timer turns, other I/O: nothing a gate holds off): a runtime that delivers events
 * together lets one in then, and a runtime that delivers them only one after another does not.
 */
async function tail(events: EventLog): Promise<void> {
  if (events.log === undefined) return;
  const marks = recordings[events.log] as string[];
  const from = marks.length;
  for (let turn = 0; turn < TAIL_TURNS && !marks.slice(from).some((m) => m.endsWith(':start')); turn++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Before its work, an event that logs waits (timer turns, other I/O: nothing a gate holds off) until
 * another event has started, up to TAIL_TURNS: events delivered together are then all in flight
 * when the first of them begins its work (a transaction, say), and held off it only by the runtime.
 */
async function head(events: EventLog): Promise<void> {
  if (events.log === undefined) return;
  const marks = recordings[events.log] as string[];
  const other = (m: string) => m.endsWith(':start') && m !== `${events.id ?? 0}:start`;
  for (let turn = 0; turn < TAIL_TURNS && !marks.some(other); turn++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** An exception as the spec outside the object shows it whole: name, message, what caused it (a few deep) and the head of its stack. */
export interface ThrownError { name: string; message: string; cause?: ThrownError | string; stack?: string }

const STACK_LINES = 4;
const CAUSES = 4;

function errorOf(error: unknown, depth = 0): ThrownError {
  if (error === null || typeof error !== 'object') return { name: typeof error, message: String(error) };
  const { name, message, stack, cause } = error as Error;
  // The stack's frames only: its first line repeats the name and message.
  const frames = typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at /.test(line)).slice(0, STACK_LINES).map((line) => line.trim()) : [];
  return {
    name: String(name),
    message: String(message),
    ...(cause !== undefined && { cause: depth < CAUSES ? errorOf(cause, depth + 1) : String(cause) }),
    ...(frames.length > 0 && { stack: frames.join('\n') }),
  };
}

async function outcome(work: () => unknown): Promise<{ ok: true; value: unknown } | { ok: false; error: ThrownError }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    return { ok: false, error: errorOf(error) };
  }
}

/**
 * One step of a SQL script (the `sql` scenario): `{exec}` runs a query and makes its cursor the
 * current one; the others act on the current cursor (`raw.*` on one raw() iterator of it, made at
 * its first use), or read `sql.databaseSize`, or describe `ctx.storage.sql` itself.
 */
export type SqlStep =
  | { exec: string; bindings?: unknown[] }
  | 'next' | 'toArray' | 'one' | 'spread' | 'raw.next' | 'raw.toArray' | 'raw.one' | 'raw.spread'
  | 'columnNames' | 'counters' | 'databaseSize' | 'describeSql';

type SqlOutcome = Awaited<ReturnType<typeof outcome>>;

/** Runs a SQL script inside the object; a cursor is synchronous and cannot leave it. */
function sqlScript(storage: ObjectStorage, steps: SqlStep[]): SqlOutcome[] {
  type Cursor = ReturnType<NonNullable<ObjectStorage['sql']>['exec']>;
  let cursor: Cursor | undefined;
  let raw: ReturnType<Cursor['raw']> | undefined;
  const current = (): Cursor => {
    if (!cursor) throw new Error('specgate: no query ran yet');
    return cursor;
  };
  const rawIterator = () => (raw ??= current().raw());
  const act: Record<Exclude<SqlStep, { exec: string }>, () => unknown> = {
    next: () => current().next(),
    toArray: () => current().toArray(),
    one: () => current().one(),
    spread: () => [...current()],
    'raw.next': () => rawIterator().next(),
    'raw.toArray': () => rawIterator().toArray(),
    'raw.one': () => rawIterator().one(),
    'raw.spread': () => [...rawIterator()],
    columnNames: () => current().columnNames,
    counters: () => ({ rowsRead: current().rowsRead, rowsWritten: current().rowsWritten }),
    databaseSize: () => storage.sql!.databaseSize,
    describeSql: () => ({ sql: typeof storage.sql, exec: typeof storage.sql?.exec, databaseSize: typeof storage.sql?.databaseSize }),
  };
  const exec = ({ exec: query, bindings = [] }: { exec: string; bindings?: unknown[] }) => {
    cursor = undefined;
    raw = undefined;
    cursor = storage.sql!.exec(query, ...(bindings as never[]));
    const shape = cursor as unknown as Record<PropertyKey, unknown>;
    return { thenable: typeof shape.then === 'function', iterable: typeof shape[Symbol.iterator] === 'function', methods: ['next', 'toArray', 'one', 'raw'].filter((m) => typeof shape[m] === 'function') };
  };
  return steps.map((step) => syncOutcome(() => (typeof step === 'object' ? exec(step) : act[step]())));
}

/**
 * Whether a write's promise had already failed when the call returned (its write was flushed, and
 * failed, at once): an already rejected promise wins this race against a resolved one.
 */
function failedAtOnce(writing: Promise<unknown>): Promise<boolean> {
  // Raced as it is: a reaction to an already rejected promise is queued before the other's.
  return Promise.race([writing, Promise.resolve('pending')]).then(() => false, () => true);
}

function syncOutcome(work: () => unknown): SqlOutcome {
  try {
    return { ok: true, value: work() };
  } catch (error) {
    return { ok: false, error: errorOf(error) };
  }
}

export const scenarios = {
  /** SQL: the steps of a script, each answered as {ok, value} or {ok: false, error}. */
  async sql(storage, { steps }: { steps: SqlStep[] }) {
    return sqlScript(storage, steps);
  },


  /**
   * Not a spec's: the loop of bench/storage-inside.ts, the same on every runtime. `fill` puts
   * keys 0..keys-1 (128 per put, no await between them); `put`, `get` and `list` make `count`
   * awaited calls, each on a key of that range (puts overwrite). Answers the number of calls.
   */
  async benchLoop(storage, { op, count, keys }: { op: 'fill' | 'put' | 'get' | 'list'; count: number; keys: number }) {
    const keyOf = (i: number) => `bench:${String(i).padStart(8, '0')}`;
    const valueOf = (i: number) => ({ n: i, name: `value ${i}`, tags: ['a', 'b'] });
    if (op === 'fill') {
      const writes: Promise<void>[] = [];
      for (let start = 0; start < keys; start += 128) {
        const entries: Record<string, unknown> = {};
        for (let i = start; i < Math.min(start + 128, keys); i++) entries[keyOf(i)] = valueOf(i);
        writes.push(storage.put(entries));
      }
      await Promise.all(writes);
      return keys;
    }
    for (let i = 0; i < count; i++) {
      const key = keyOf((i * 7919) % keys);
      if (op === 'put') await storage.put(key, valueOf(i));
      else if (op === 'get') await storage.get(key);
      else await storage.list({ start: key, limit: 10 });
    }
    return count;
  },

  /** Consistency rule 3: a read followed by a write with no other I/O behaves as a transaction. */
  async increment(storage, { key, ...events }: { key: string } & EventLog) {
    mark(events, 'start');
    mark(events, 'read');
    const value = ((await storage.get<number>(key)) ?? 0) + 1;
    const writing = storage.put(key, value);
    mark(events, 'write');
    await writing;
    await tail(events);
    mark(events, 'end');
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

  /** A transaction that commits: its writes all land. Answers whether transaction() resolved, and what txn.list() saw. */
  async transactionCommit(storage, { entries }: { entries: Record<string, unknown> }) {
    let listed = -1;
    const result = await outcome(() => storage.transaction(async (txn) => {
      for (const [key, value] of Object.entries(entries)) await txn.put(key, value);
      listed = (await txn.list()).size;
    }));
    return { resolved: result.ok, listed };
  },

  /**
   * A transaction whose closure throws after writing: nothing it wrote lands. The object catches
   * transaction()'s rejection and answers its outcome (recorded under `token` too); with
   * `rethrow`, it does not catch it: the event fails with the rejection.
   */
  async transactionThrows(storage, { entries, token, rethrow = false }: { entries: Record<string, unknown>; token?: string; rethrow?: boolean }) {
    const transaction = () => storage.transaction(async (txn) => {
      for (const [key, value] of Object.entries(entries)) await txn.put(key, value);
      throw new Error('specgate: abort this transaction');
    });
    if (rethrow) return transaction();
    const result = await outcome(transaction);
    record(token, result);
    return result;
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

  /**
   * A transaction that writes its keys one at a time and waits a timer turn (other I/O) after each
   * write; with `fail`, its closure then throws. Answers whether transaction() resolved (recorded
   * under `token` too).
   */
  async transactionSpread(storage, { entries, fail, token }: { entries: Record<string, unknown>; fail: boolean; token?: string }) {
    const result = await outcome(() => storage.transaction(async (txn) => {
      for (const [key, value] of Object.entries(entries)) {
        await txn.put(key, value);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      if (fail) throw new Error('specgate: abort this transaction');
    }));
    record(token, { resolved: result.ok });
    return { resolved: result.ok };
  },

  /**
   * A batch call of `count` keys (or pairs) through txn inside a transaction: what the call gave,
   * recorded under `token` as soon as it settled, and answered. The closure catches a refusal and
   * completes (what a refused call does to its transaction is not the subject).
   */
  async transactionBatch(storage, { method, count, token }: { method: 'get' | 'put' | 'delete'; count: number; token?: string }) {
    const keys = Array.from({ length: count }, (_, i) => `txn-batch-${String(i).padStart(3, '0')}`);
    let call: Awaited<ReturnType<typeof outcome>> | undefined;
    await outcome(() => storage.transaction(async (txn) => {
      call = await outcome(async () => {
        if (method === 'put') return txn.put(Object.fromEntries(keys.map((key) => [key, key])));
        const answer = method === 'get' ? await txn.get(keys) : await txn.delete(keys);
        return answer instanceof Map ? answer.size : answer;
      });
      record(token, call);
    }));
    return call;
  },

  /** What a scenario recorded under `token` (then forgotten): `found` false when nothing was. */
  async recalled(_storage, { token }: { token: string }) {
    const found = Object.hasOwn(recordings, token);
    const value = recordings[token];
    delete recordings[token];
    return { found, value };
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

  /** noCache: a get issued before a noCache write (`method`) completes reads the write-buffer copy. */
  async noCacheWriteThenRead(storage, { key, value, method = 'put' }: { key: string; value: unknown; method?: 'put' | 'putEntries' | 'delete' | 'deleteKeys' | 'deleteAll' }) {
    const noCache = { noCache: true };
    const writes = {
      put: () => storage.put(key, value, noCache),
      putEntries: () => storage.put({ [key]: value }, noCache),
      delete: () => storage.delete(key, noCache),
      deleteKeys: () => storage.delete([key], noCache),
      deleteAll: () => storage.deleteAll(noCache),
    };
    let writing: Promise<unknown>;
    try {
      writing = writes[method]();
    } catch (error) {
      return { refused: String((error as Error)?.message ?? error) };
    }
    const reading = storage.get(key, noCache);
    const readingMany = storage.get([key], noCache);
    const written = await writing.then(() => undefined, (error: Error) => String(error?.message ?? error));
    if (written !== undefined) return { refused: written };
    return { read: await reading, readMany: Object.fromEntries(await readingMany) };
  },

  /**
   * allowUnconfirmed: answers as soon as the write is issued. The put is not awaited: the document
   * does not say whether its promise settles before the flush or with it (its failure is caught).
   */
  async putUnconfirmedAndRespond(storage, { key, value }: { key: string; value: unknown }) {
    storage.put(key, value, { allowUnconfirmed: true }).catch(() => undefined);
    return 'responded';
  },

  /**
   * sync() while an unconfirmed put is pending: with `syncFirst`, sync() is called before the put
   * settled (neither awaited); otherwise once the put settled. Answers how each settled. A sync()
   * that never settles is allowed when its write failed, so with `turns` the event answers after at
   * most that many timer turns (never real waiting); without, once both settled.
   */
  async putUnconfirmedAndSync(storage, { key, value, syncFirst, turns }: { key: string; value: unknown; syncFirst: boolean; turns?: number }) {
    const settled: Record<'put' | 'sync', 'not called' | 'pending' | 'resolved' | 'rejected'> = { put: 'pending', sync: 'not called' };
    const track = (name: 'put' | 'sync', promise: Promise<unknown>) => {
      settled[name] = 'pending';
      return promise.then(() => { settled[name] = 'resolved'; }, () => { settled[name] = 'rejected'; });
    };
    const putting = storage.put(key, value, { allowUnconfirmed: true });
    const put = track('put', putting);
    const sync = syncFirst ? track('sync', storage.sync()) : put.then(() => track('sync', storage.sync()));
    // A put that had already failed when it returned (flushed at once) left no write pending.
    const putFailedAtOnce = await failedAtOnce(putting);
    if (turns === undefined) await Promise.all([put, sync]);
    const over = (state: string) => state === 'resolved' || state === 'rejected';
    for (let turn = 0; turn < (turns ?? 0) && !(over(settled.put) && over(settled.sync)); turn++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    return { ...settled, putFailedAtOnce };
  },

  /** sync() with nothing pending: whether it settled within a few timer turns (never waits longer). */
  async syncWhenIdle(storage, { turns }: { turns: number }) {
    let settled = false;
    void storage.sync().then(() => { settled = true; }, () => { settled = true; });
    let waited = 0;
    while (!settled && waited < turns) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      waited++;
    }
    return { settled, waited };
  },

  /**
   * Key-value calls issued one after another with no await between them (one turn of the event),
   * then all awaited: each call's answer, a Map as its entries. A call's answer must see the
   * writes issued before it in the turn, flushed or not (the kv model's turn command).
   */
  async unawaitedCalls(storage, { calls }: { calls: UnawaitedCall[] }) {
    const issued = calls.map((call): Promise<unknown> => {
      switch (call.op) {
        case 'get': return storage.get(call.key);
        case 'getKeys': return storage.get(call.keys);
        case 'put': return storage.put(call.key, call.value);
        case 'putEntries': return storage.put(Object.fromEntries(call.pairs));
        case 'delete': return storage.delete(call.key);
        case 'deleteKeys': return storage.delete(call.keys);
        case 'deleteAll': return storage.deleteAll();
        case 'list': return storage.list();
      }
    });
    const answers = await Promise.all(issued);
    return answers.map((answer) => (answer instanceof Map ? [...answer.entries()] : answer));
  },

  /** Consistency rule 4 for a transaction's writes: a transaction that writes (put or delete) commits, then the response. */
  async transactionWriteThenRespond(storage, { key, value, op }: { key: string; value: unknown; op: 'put' | 'delete' }) {
    await storage.transaction(async (txn) => {
      if (op === 'put') await txn.put(key, value);
      else await txn.delete(key);
    });
    return 'written';
  },

  /** A write (put, put(entries) or delete), then getCurrentBookmark() with no await between: the bookmark. */
  async writeThenCurrentBookmark(storage, { key, value, op }: { key: string; value: unknown; op: 'put' | 'putEntries' | 'delete' }) {
    const writing = op === 'put' ? storage.put(key, value) : op === 'putEntries' ? storage.put({ [key]: value }) : storage.delete(key);
    const bookmark = storage.getCurrentBookmark!();
    await writing;
    return bookmark;
  },

  /**
   * Limits inside a transaction: txn.put(entries) of binary values of the given sizes (keys
   * `sized-0`, `sized-1`, ...). Answers whether txn.put refused them (its error) and how many of
   * the keys are stored afterwards.
   */
  async transactionPutSized(storage, { sizes }: { sizes: number[] }) {
    const entries = Object.fromEntries(sizes.map((size, i) => [`sized-${i}`, new Uint8Array(size).fill(i + 1)]));
    // The refusal is caught inside the closure: what a transaction does when its closure throws is
    // the transaction specs' subject, not the limit's.
    let refused: string | undefined;
    await storage.transaction(async (txn) => {
      try {
        await txn.put(entries);
      } catch (error) {
        refused = String((error as Error)?.message ?? error);
      }
    });
    const stored = (await storage.get(Object.keys(entries))).size;
    return { ...(refused !== undefined && { refused }), stored };
  },

  /** Consistency rule 4: a plain (confirmed) write, then the response. */
  async putThenRespond(storage, { key, value }: { key: string; value: unknown }) {
    await storage.put(key, value);
    return 'written';
  },

  /** Every txn operation once, inside one transaction, with what each answered (Maps as entry lists). */
  async transactionOperations(storage, { put, getKeys, deleteKey, deleteKeys }: {
    put: [string, unknown]; getKeys: string[]; deleteKey: string; deleteKeys: string[];
  }) {
    return storage.transaction(async (txn) => ({
      put: await txn.put(put[0], put[1]),
      ownWrite: await txn.get(put[0]),
      many: [...(await txn.get(getKeys)).entries()],
      deletedOne: await txn.delete(deleteKey),
      deletedAgain: await txn.delete(deleteKey),
      deletedMany: await txn.delete(deleteKeys),
      listed: [...(await txn.list()).entries()],
    }));
  },

  /** What the first txn.rollback() returns, and how transaction() ends after it. */
  async transactionRollbackValue(storage, { entries }: { entries: Record<string, unknown> }) {
    let returned: unknown = 'rollback() was not reached';
    const result = await outcome(() => storage.transaction(async (txn) => {
      for (const [key, value] of Object.entries(entries)) await txn.put(key, value);
      returned = (txn.rollback as () => unknown)();
    }));
    return { returnedUndefined: returned === undefined, result };
  },

  /**
   * Single-threaded execution: records, in memory shared by the object's events, the start and end
   * of two synchronous stretches separated by a storage read (and with `turn`, a timer turn).
   * Returns the log so far.
   */
  async recordSpans(storage, { token, id, key, turn = false }: { token: string; id: number; key: string; turn?: boolean }) {
    const log = (spanLogs[token] ??= []);
    const stretch = (from: string, to: string) => {
      log.push(`${id}:${from}`);
      let spin = 0;
      for (let i = 0; i < 20_000; i++) spin = (spin + i * id) % 7919;
      log.push(`${id}:${to}`);
      return spin;
    };
    stretch('start', 'end');
    await storage.get(key);
    // With `turn`, a timer turn too (other I/O): an event held off meanwhile may start then.
    if (turn) await new Promise((resolve) => setTimeout(resolve, 0));
    stretch('resume', 'finish');
    return [...log];
  },

  /**
   * allowUnconfirmed on each write method: issues one `method` call with it (not awaited: whether
   * its promise settles before the flush is not shown, its failure is caught) and answers at once.
   * A call that throws (refusing the option) is recorded under `token`.
   */
  async writeUnconfirmedAndRespond(storage, { method, key, time, token }: { method: 'put' | 'putEntries' | 'delete' | 'deleteKeys' | 'deleteAll' | 'setAlarm' | 'deleteAlarm'; key: string; time: number; token?: string }) {
    const unconfirmed = { allowUnconfirmed: true };
    const calls = {
      put: () => storage.put(key, 'unconfirmed', unconfirmed),
      putEntries: () => storage.put({ [key]: 'unconfirmed' }, unconfirmed),
      delete: () => storage.delete(key, unconfirmed),
      deleteKeys: () => storage.delete([key], unconfirmed),
      deleteAll: () => storage.deleteAll(unconfirmed),
      setAlarm: () => storage.setAlarm(time, unconfirmed),
      deleteAlarm: () => storage.deleteAlarm(unconfirmed),
    };
    let writing: Promise<unknown>;
    try {
      writing = calls[method]() as Promise<unknown>;
    } catch (error) {
      record(token, { refused: String((error as Error)?.message ?? error) });
      return 'refused';
    }
    writing.catch(() => undefined);
    return 'responded';
  },

  /**
   * Consistency rule 3 across non-I/O awaits: a read, then `awaits` awaits of already-settled
   * promises (no I/O), then the write (with `unconfirmed`, allowUnconfirmed). No other event may
   * get in between.
   */
  async incrementAcrossAwaits(storage, { key, awaits, unconfirmed = false, ...events }: { key: string; awaits: number; unconfirmed?: boolean } & EventLog) {
    mark(events, 'start');
    mark(events, 'read');
    const value = ((await storage.get<number>(key)) ?? 0) + 1;
    for (let i = 0; i < awaits; i++) await Promise.resolve(i);
    const writing = storage.put(key, value, unconfirmed ? { allowUnconfirmed: true } : undefined);
    mark(events, 'write');
    await writing;
    await tail(events);
    mark(events, 'end');
    return value;
  },

  /**
   * An increment inside a transaction whose closure waits between its read and its write: on
   * `awaits` settled promises (no I/O), and with `timer`, on a timer turn as well (other I/O).
   * The transaction is one unit isolated from other events: concurrent ones lose no update. With
   * a `log`, the event marks its start, its transaction's read and write, and its end, and begins
   * its transaction only once another event started (`head`): the transactions of events
   * delivered together then begin while the others are in flight.
   */
  async transactionIncrement(storage, { key, awaits, timer, ...events }: { key: string; awaits: number; timer: boolean } & EventLog) {
    mark(events, 'start');
    await head(events);
    const value = await storage.transaction(async (txn) => {
      mark(events, 'read');
      const value = ((await txn.get<number>(key)) ?? 0) + 1;
      for (let i = 0; i < awaits; i++) await Promise.resolve(i);
      if (timer) await new Promise((resolve) => setTimeout(resolve, 0));
      const writing = txn.put(key, value);
      mark(events, 'write');
      await writing;
      return value;
    });
    await tail(events);
    mark(events, 'end');
    return value;
  },

  /**
   * An increment whose write is read back, before it settled, with allowConcurrency (a get and a
   * list): other events may be delivered during those reads, but each read is issued after the
   * event's own write and must see it (the write-buffer copy). Answers the value written and what
   * each read saw.
   */
  async incrementSeenConcurrently(storage, { key, awaits }: { key: string; awaits: number }) {
    const value = ((await storage.get<number>(key)) ?? 0) + 1;
    for (let i = 0; i < awaits; i++) await Promise.resolve(i);
    const concurrently = { allowConcurrency: true };
    // Issued together, awaited together: a write that fails leaves no read's rejection unhandled.
    const [, seen, listed] = await Promise.all([storage.put(key, value), storage.get<number>(key, concurrently), storage.list<number>(concurrently)]);
    return { value, seen, listed: listed.has(key) ? [[key, listed.get(key)]] : [] };
  },

  /**
   * An increment inside a transaction that reads its key twice, with a timer turn (other I/O)
   * between the reads: the transaction is isolated, so both reads agree. Answers the value written
   * and both reads.
   */
  async transactionRereadIncrement(storage, { key }: { key: string }) {
    return storage.transaction(async (txn) => {
      const first = (await txn.get<number>(key)) ?? null;
      await new Promise((resolve) => setTimeout(resolve, 0));
      const second = (await txn.get<number>(key)) ?? null;
      const value = (second ?? 0) + 1;
      await txn.put(key, value);
      return { value, first, second };
    });
  },

  /**
   * A transaction that reads `key`, writes `value` to it, waits `turns` timer turns (other I/O,
   * while other events may write) and then aborts, by a throw or by rollback(). Answers how
   * transaction() settled (the rejection of the throw is caught: the abort is the subject).
   */
  async transactionAbortAcrossTimer(storage, { key, value, how, turns = 2 }: { key: string; value: unknown; how: 'throw' | 'rollback'; turns?: number }) {
    return outcome(() => storage.transaction(async (txn) => {
      await txn.get(key);
      await txn.put(key, value);
      for (let turn = 0; turn < turns; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
      if (how === 'throw') throw new Error('specgate: abort this transaction');
      txn.rollback();
    }));
  },

  /**
   * An event that stays in flight for up to `turns` timer turns (reading `key` each turn, so it
   * notices a reset as a failed read) and then answers; records under `token` that it started.
   */
  async stayInFlight(storage, { key, turns, token }: { key: string; turns: number; token: string }) {
    record(token, 'started');
    for (let turn = 0; turn < turns; turn++) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await storage.get(key);
    }
    return 'answered';
  },

  /** A due alarm set and deleted in one event: it must not run. Returns getAlarm() afterwards. */
  async setAlarmThenDelete(storage, { time }: { time: number }) {
    await storage.setAlarm(time);
    await storage.deleteAlarm();
    return storage.getAlarm();
  },

  /** getAlarm() right after setAlarm(), before the handler can start. */
  async setAlarmThenGet(storage, { time }: { time: number }) {
    await storage.setAlarm(time);
    return storage.getAlarm();
  },

  /**
   * Calls made one after another on ctx.storage, or on txn inside one transaction, each answered
   * as its outcome (a Map as `{ map: entries }`). `UNCLONEABLE` as an argument, or as a value of
   * an entries argument, becomes a function here, inside the object: a value the structured clone
   * algorithm refuses, which could not cross into the object as data. Inside a transaction, the
   * closure then ends as `end` says: it completes, throws, or calls txn.rollback(); with
   * `throwOnRefusal`, a refused call's error is thrown out of the closure at once. Recorded under
   * `token` too, as soon as transaction() settled.
   */
  async calls(storage, { calls, inTransaction = false, end = 'complete', throwOnRefusal = false, token }: {
    calls: StorageCall[]; inTransaction?: boolean; end?: 'complete' | 'throw' | 'rollback'; throwOnRefusal?: boolean; token?: string;
  }) {
    const made: CallOutcome[] = [];
    const run = async (target: ObjectStorage | StorageTransaction) => {
      for (const { method, args = [] } of calls) {
        const call = await outcome(async () => answerOf(await (target[method as keyof typeof target] as (...a: unknown[]) => unknown)(...args.map(unclone))));
        made.push(call);
        if (throwOnRefusal && !call.ok) throw new Error(`specgate: ${method}() was refused: ${call.error.message}`);
      }
    };
    if (!inTransaction) {
      await run(storage);
      record(token, { calls: made });
      return { calls: made };
    }
    const transaction = await outcome(() => storage.transaction(async (txn) => {
      await run(txn);
      if (end === 'throw') throw new Error('specgate: the closure throws on purpose');
      if (end === 'rollback') txn.rollback();
    }));
    const result = { calls: made, transaction: transaction.ok ? { ok: true } : transaction };
    record(token, result);
    return result;
  },
} satisfies Record<string, Scenario>;

/** An argument of `calls` that becomes a value the structured clone algorithm refuses (a function). */
export const UNCLONEABLE = 'specgate:uncloneable';

/** One call of the `calls` scenario: plain data, so that it crosses into a remote object. */
export interface StorageCall {
  method: 'get' | 'put' | 'delete' | 'deleteAll' | 'list';
  args?: unknown[];
}

type CallOutcome = { ok: true; value: unknown } | { ok: false; error: { name: string; message: string } };

const uncloneable = () => 'a function cannot be cloned';
function unclone(arg: unknown): unknown {
  if (arg === UNCLONEABLE) return uncloneable;
  if (arg === null || typeof arg !== 'object' || Array.isArray(arg)) return arg;
  return Object.fromEntries(Object.entries(arg).map(([key, value]) => [key, value === UNCLONEABLE ? uncloneable : value]));
}

/** A call's answer as plain data: a Map as its entries (in the Map's order). */
const answerOf = (value: unknown): unknown => (value instanceof Map ? { map: [...value.entries()] } : value);

export type ScenarioName = keyof typeof scenarios;

/** One call of `unawaitedCalls`: plain data, so that it crosses into a remote object. */
export type UnawaitedCall =
  | { op: 'get' | 'put' | 'delete'; key: string; value?: unknown }
  | { op: 'getKeys' | 'deleteKeys'; keys: string[] }
  | { op: 'putEntries'; pairs: [string, unknown][] }
  | { op: 'deleteAll' | 'list' };

/** The object's alarm handler: records each run, and fails as AlarmBehaviour says. */
export async function alarm(storage: ObjectStorage, info: { now: number }): Promise<void> {
  const runs = ((await storage.get<number[]>(ALARM_LOG_KEY)) ?? []);
  await storage.put(ALARM_LOG_KEY, [...runs, info.now]);
  const behaviour = (await storage.get<AlarmBehaviour>(ALARM_BEHAVIOUR_KEY)) ?? {};
  if (behaviour.holdUntilKey !== undefined) {
    const since = Date.now();
    const givenUp = (polls: number) => (behaviour.holdForMs === undefined ? polls >= HOLD_POLLS : Date.now() - since >= behaviour.holdForMs);
    for (let polls = 0; (await storage.get(behaviour.holdUntilKey)) === undefined; polls++) {
      if (givenUp(polls)) throw new Error('specgate: alarm handler held and never released');
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }
  if (behaviour.setAlarmIn !== undefined) {
    const { setAlarmIn, ...rest } = behaviour;
    await storage.put(ALARM_BEHAVIOUR_KEY, rest);
    await storage.setAlarm(info.now + setAlarmIn);
  }
  if ((behaviour.failTimes ?? 0) > 0) {
    const { setAlarmIn: _once, ...rest } = behaviour;
    await storage.put(ALARM_BEHAVIOUR_KEY, { ...rest, failTimes: behaviour.failTimes! - 1 });
    throw new Error('specgate: alarm handler fails on purpose');
  }
  if (behaviour.holdUntilKey !== undefined) {
    await storage.put(ALARM_DONE_KEY, [...((await storage.get<number[]>(ALARM_DONE_KEY)) ?? []), runs.length + 1]);
  }
}
